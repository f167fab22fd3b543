import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProductRecall } from '../../lib/recalls';
import { useLanguage } from '../../lib/use-language';
import styles from './recall-alert.module.css';

/**
 * A product's published safety recall (decision 0059), on its page: the notice's title and a link
 * to it. Nothing while none is published (the shop then asks for no recalls at all).
 */
export function RecallAlert({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const recall = useProductRecall(productId);
  if (!recall) return null;
  return (
    <aside className={styles.alert} aria-label={t('recall.heading')}>
      <p className={styles.heading}>{t('recall.heading')}</p>
      <p className={styles.title}>{recall.title[lang]}</p>
      <Link to={`/recalls/${recall.id}`}>{t('recall.read')}</Link>
    </aside>
  );
}
