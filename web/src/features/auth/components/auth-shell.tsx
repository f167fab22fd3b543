import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './auth-shell.module.css';

interface AuthShellProps {
  eyebrow: string;
  title: string;
  intro?: string;
  children: ReactNode;
  /** Under the form: links to the other account screens. */
  footer?: ReactNode;
}

/** The frame of every account screen: a dark brand panel beside the form (stacked on phones). */
export function AuthShell({ eyebrow, title, intro, children, footer }: AuthShellProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className={styles.root}>
      <div className={styles.card}>
        <aside className={styles.panel}>
          <p className={styles.panelEyebrow}>{t('common.brand')}</p>
          <p className={styles.panelTitle}>{t('auth.shell.title')}</p>
          <p className={styles.panelText}>{t('auth.shell.text')}</p>
        </aside>
        <div className={styles.body}>
          <PageHeading variant="account" eyebrow={eyebrow} title={title} lead={intro} />
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      </div>
    </section>
  );
}
