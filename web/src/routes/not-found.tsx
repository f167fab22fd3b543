import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import button from '../components/button/button.module.css';
import styles from '../app/layout/bare-page.module.css';

/** Any unknown path: no header, footer or banner (spec section 2). */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main className={styles.root}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <Link to="/" className={button.light}>
          {t('notFound.backHome')}
        </Link>
      </div>
    </main>
  );
}
