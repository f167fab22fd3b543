import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract';
import { DashboardPanel, dashboardWarning } from '../../../components/dashboard-panel/dashboard-panel';
import { useAdminComplaints } from '../api/complaints';
import { daysLeft, DueDate } from './due-date';
import styles from './complaints-screen.module.css';

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
  return (
    <DashboardPanel id="open-complaints" title={t('complaints.dashboard.title', { count: data.total })} alert={near}>
      {near && <p className={dashboardWarning}>{t('complaints.dashboard.near')}</p>}
      <ul className={styles.list}>
        {data.data.map((complaint) => (
          <li key={complaint.id}>
            <span>
              {t('complaints.dashboard.item', { number: complaint.number, reference: complaint.orderReference })}
            </span>
            <DueDate
              dueAt={complaint.dueAt}
              lang={lang}
              label={(date) => `${t('complaints.dashboard.due', { date })} ·`}
            />
          </li>
        ))}
      </ul>
      <Link to="/admin/complaints">{t('complaints.dashboard.open')}</Link>
    </DashboardPanel>
  );
}
