import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordsSettingsMissing } from '@shop/contract';
import { useRecordsSettings } from '../api/records';
import styles from './records-warning.module.css';

/** The dashboard's warning while records settings the sale documents and the audit file need are missing. */
export function RecordsWarning() {
  const { t } = useTranslation();
  const { records } = useRecordsSettings();
  const missing = records ? recordsSettingsMissing(records) : [];
  if (missing.length === 0) return null;
  return (
    <section className={styles.warning} role="alert" aria-labelledby="records-warning-title">
      <h2 id="records-warning-title" className={styles.title}>
        {t('records.warning.title')}
      </h2>
      <p className={styles.text}>
        {t('records.warning.text', { fields: missing.map((name) => t(`records.fields.${name}`)).join(', ') })}
      </p>
      <Link to="/admin/settings" className={styles.link}>
        {t('records.warning.link')}
      </Link>
    </section>
  );
}
