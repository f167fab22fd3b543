import { useTranslation } from 'react-i18next';
import type { BackupOverview } from '@shop/contract';
import { useBackupOverview } from '../api/get-backups';
import { DashboardPanel, dashboardWarning } from '../../../components/dashboard-panel/dashboard-panel';
import styles from './backup-panel.module.css';

interface BackupPanelProps {
  lang: string;
}

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

/** What to warn about, if anything: no backup, a failed last attempt, or a last backup over 2 days old. */
function warningOf(overview: BackupOverview): 'none' | 'failed' | 'stale' | null {
  if (!overview.last) return 'none';
  if (overview.lastAttempt?.status === 'failed') return 'failed';
  return overview.stale ? 'stale' : null;
}

/** The dashboard's backup panel: when the shop was last backed up, how big, and a warning when it matters. */
export function BackupPanel({ lang }: BackupPanelProps) {
  const { t } = useTranslation();
  const { data, error } = useBackupOverview();
  const locale = LOCALES[lang] ?? 'en-GB';
  const time = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const megabytes = (bytes: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1e6);

  if (error) {
    return (
      <DashboardPanel id="backup-panel-title" title={t('admin.backups.title')} alert>
        <p className={dashboardWarning} role="alert">
          {t('admin.backups.loadError')}
        </p>
      </DashboardPanel>
    );
  }
  if (!data) return null;
  const warning = warningOf(data);

  return (
    <DashboardPanel id="backup-panel-title" title={t('admin.backups.title')} alert={warning !== null}>
      {data.last && (
        <p className={styles.last}>
          {t('admin.backups.last', { time: time(data.last.at), size: megabytes(data.last.bytes) })}
        </p>
      )}
      {warning && (
        <p className={dashboardWarning} role="alert">
          {warning === 'none' && t('admin.backups.none')}
          {warning === 'failed' &&
            t('admin.backups.failed', {
              time: time(data.lastAttempt!.at),
              message: data.lastAttempt!.message ?? '',
            })}
          {warning === 'stale' && t('admin.backups.stale')}
        </p>
      )}
      <p className={styles.note}>
        {data.automatic
          ? t('admin.backups.automatic', { count: data.intervalHours, keep: data.keep })
          : t('admin.backups.manual')}
      </p>
    </DashboardPanel>
  );
}
