import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../page-heading/page-heading';
import styles from './admin-page.module.css';

interface AdminPageProps {
  title: string;
  lead: string;
  /** Beside the heading (at its end on wide screens): the page's main action. */
  action?: ReactNode;
  children: ReactNode;
}

/** The frame of the admin screens: the admin heading over the screen's content. */
export function AdminPage({ title, lead, action, children }: AdminPageProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <PageHeading variant="admin" eyebrow={t('admin.eyebrow')} title={title} lead={lead} />
        {action}
      </header>
      {children}
    </div>
  );
}
