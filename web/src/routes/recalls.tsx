import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/info-page/info-page';
import { StateMessage } from '../components/state-message/state-message';
import { formatShopDate } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { useRecalls } from '../lib/recalls';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './recalls.module.css';

/**
 * The product safety recalls (Regulation (EU) 2023/988, Art. 35; decision 0059): every published
 * notice, the newest first, each linking to its page (server-rendered with the list).
 */
export default function RecallsRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('recalls.title'));
  const { data, error } = useRecalls({ always: true });
  return (
    <InfoPage eyebrow={t('recalls.eyebrow')} title={t('recalls.title')} intro={t('recalls.intro')}>
      {data ? (
        data.data.length > 0 ? (
          <ul className={styles.list}>
            {data.data.map((recall) => (
              <li key={recall.id} className={recall.closedAt ? `${styles.card} ${styles.cardClosed}` : styles.card}>
                {recall.product.imageUrl && (
                  <img className={styles.thumb} src={recall.product.imageUrl} alt="" width={96} height={120} />
                )}
                <div>
                  <p className={styles.flag}>
                    {t('recalls.flag')}
                    {recall.closedAt && (
                      <span className={styles.closed}>
                        {t('recalls.closed', { date: formatShopDate(recall.closedAt, lang) })}
                      </span>
                    )}
                  </p>
                  <h2 className={styles.cardTitle}>
                    <Link to={`/recalls/${recall.id}`}>{recall.title[lang]}</Link>
                  </h2>
                  <p className={styles.meta}>
                    {t('recalls.cardMeta', {
                      product: recall.product.name[lang],
                      date: formatShopDate(recall.publishedAt, lang),
                    })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <StateMessage kind="empty" title={t('recalls.empty')} />
        )
      ) : error ? (
        <StateMessage kind="error" title={t('errors.pageTitle')}>
          <p>{t('errors.pageText')}</p>
        </StateMessage>
      ) : (
        <p role="status">{t('terms.loading')}</p>
      )}
    </InfoPage>
  );
}
