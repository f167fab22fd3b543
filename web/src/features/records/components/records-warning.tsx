import { useTranslation } from 'react-i18next';
import { recordsSettingsMissing } from '@shop/contract';
import { DashboardWarning } from '../../../components/dashboard-warning/dashboard-warning';
import { useRecordsSettings } from '../api/records';

/** The dashboard's warning while records settings the sale documents and the audit file need are missing. */
export function RecordsWarning() {
  const { t } = useTranslation();
  const { records } = useRecordsSettings();
  const missing = records ? recordsSettingsMissing(records) : [];
  if (missing.length === 0) return null;
  return (
    <DashboardWarning
      id="records-warning-title"
      title={t('records.warning.title')}
      linkText={t('records.warning.link')}
    >
      {t('records.warning.text', { fields: missing.map((name) => t(`records.fields.${name}`)).join(', ') })}
    </DashboardWarning>
  );
}
