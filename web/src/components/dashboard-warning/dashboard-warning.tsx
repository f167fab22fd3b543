import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './dashboard-warning.module.css';

/** A warning card on the admin dashboard: what is wrong, why it matters, and the settings that fix it. */
export function DashboardWarning({
  id,
  title,
  children,
  linkText,
}: {
  id: string;
  title: string;
  children: ReactNode;
  linkText: string;
}) {
  return (
    <section className={styles.warning} role="alert" aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <p className={styles.text}>{children}</p>
      <Link to="/admin/settings" className={styles.link}>
        {linkText}
      </Link>
    </section>
  );
}
