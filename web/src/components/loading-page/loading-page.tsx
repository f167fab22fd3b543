import { useTranslation } from 'react-i18next';
import { Logo } from '../brand/logo';
import styles from './loading-page.module.css';

/** The branded full-screen loading state. */
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <Logo className={styles.logo} />
      <span className={styles.bar} aria-hidden="true" />
      <span className={styles.label}>{t('common.loading')}</span>
    </div>
  );
}
