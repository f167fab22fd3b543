import type { ReactNode } from 'react';
import styles from './dashboard-panel.module.css';

interface DashboardPanelProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** Something needs the owner: the card turns oxblood. */
  alert?: boolean;
  children: ReactNode;
}

/** A card of the admin dashboard (backups, tasks that keep failing…): one look for all of them. */
export function DashboardPanel({ id, title, alert = false, children }: DashboardPanelProps) {
  return (
    <section className={styles.panel} aria-labelledby={id} data-alert={alert ? '' : undefined}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A warning line inside a dashboard card. */
export const dashboardWarning = styles.warning;
