import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import button from '../../components/button/button.module.css';
import styles from './bare-page.module.css';

/**
 * Shown when a screen fails to render or its code fails to load (often a deploy replaced the
 * chunks this tab knew about): reloading fetches the new ones.
 */
export function RouteError() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.pageTitle'));
  return (
    <main className={styles.root}>
      <p className={styles.eyebrow}>{t('common.brand')}</p>
      <h1 className={styles.title}>{t('errors.pageTitle')}</h1>
      <p className={styles.text}>{t('errors.pageText')}</p>
      <div className={styles.actions}>
        <button type="button" className={button.light} onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <Link to="/" className={button.secondary} reloadDocument>
          {t('notFound.backHome')}
        </Link>
      </div>
    </main>
  );
}
