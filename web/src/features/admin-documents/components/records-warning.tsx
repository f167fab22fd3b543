import { useTranslation } from 'react-i18next';
import { auditFileSettingsMissing } from '@shop/contract';
import { DashboardWarning } from '../../../components/dashboard-warning/dashboard-warning';
import { useAdminSettings } from '../api/records';
import { missingSettingLabel } from '../lib/missing-settings';

/**
 * The warning while settings the sale documents and the audit file need are missing (the
 * records settings, and the seller's company ID, the file's `eik`): on the dashboard and the
 * Records screen, with a link to the settings.
 */
export function RecordsWarning() {
  const { t } = useTranslation();
  const { settings } = useAdminSettings();
  const missing = settings?.records ? auditFileSettingsMissing(settings.records, settings.seller) : [];
  if (missing.length === 0) return null;
  return (
    <DashboardWarning
      id="records-warning-title"
      title={t('records.warning.title')}
      linkText={t('records.warning.link')}
    >
      {t('records.warning.text', { fields: missing.map((name) => missingSettingLabel(t, name)).join(', ') })}
    </DashboardWarning>
  );
}
