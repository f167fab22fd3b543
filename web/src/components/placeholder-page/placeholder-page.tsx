import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import button from '../button/button.module.css';
import styles from './placeholder-page.module.css';

/** Stands in for a screen whose feature is still being built, so its route already exists. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className={styles.root}>
      <p className={styles.eyebrow}>{t('placeholder.eyebrow')}</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{t('placeholder.text')}</p>
      <Link to="/clothing" className={button.primary}>
        {t('placeholder.browse')}
      </Link>
    </section>
  );
}
