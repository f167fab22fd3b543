import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract';
import { DashboardPanel, dashboardWarning } from '../../../components/dashboard-panel/dashboard-panel';
import { useAdminComplaints } from '../api/complaints';
import { daysLeft } from './complaints-screen';
import styles from './complaints-screen.module.css';

const LOCALES: Record<Language, string> = { en: 'en-GB', bg: 'bg-BG' };
/** Due within this many days: the card turns oxblood. */
const NEAR_DAYS = 7;
const SHOWN = 5;

/**
 * The dashboard's open complaints (YEAR.md section 6): the nearest due dates first, with how many
 * days are left, and the way to the register. Says nothing while none is open.
 */
export function OpenComplaintsPanel({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { data } = useAdminComplaints('open', 1, SHOWN);
  if (!data || data.total === 0) return null;
  const near = data.data.some((complaint) => daysLeft(complaint.dueAt) <= NEAR_DAYS);
  const dateOf = (iso: string) => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <DashboardPanel id="open-complaints" title={t('complaints.dashboard.title', { count: data.total })} alert={near}>
      {near && <p className={dashboardWarning}>{t('complaints.dashboard.near')}</p>}
      <ul className={styles.list}>
        {data.data.map((complaint) => {
          const left = daysLeft(complaint.dueAt);
          return (
            <li key={complaint.id}>
              <span>
                {t('complaints.dashboard.item', { number: complaint.number, reference: complaint.orderReference })}
              </span>
              <span data-overdue={left < 0 ? '' : undefined} className={styles.due}>
                {t('complaints.dashboard.due', { date: dateOf(complaint.dueAt) })} ·{' '}
                {left < 0
                  ? t('complaints.admin.overdue', { count: -left })
                  : t('complaints.admin.daysLeft', { count: left })}
              </span>
            </li>
          );
        })}
      </ul>
      <Link to="/admin/complaints">{t('complaints.dashboard.open')}</Link>
    </DashboardPanel>
  );
}
