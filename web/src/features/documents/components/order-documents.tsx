import { useTranslation } from 'react-i18next';
import { useOrderDocuments } from '../api/order-documents';
import styles from './order-documents.module.css';

const issued = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * An order's documents (the sale document, later invoices and credit notes), each with its PDF
 * through the signed link the listing gave: on the shopper's order page and the admin's.
 */
export function OrderDocuments({ orderId, lang }: { orderId: number; lang: string }) {
  const { t } = useTranslation();
  const { data: documents } = useOrderDocuments(orderId);
  if (!documents || documents.length === 0) return null;
  return (
    <section className={styles.documents} aria-labelledby={`order-documents-${orderId}`}>
      <h2 id={`order-documents-${orderId}`} className={styles.title}>
        {t('records.documents.title')}
      </h2>
      <ul className={styles.list}>
        {documents.map((document) => (
          <li key={`${document.kind}-${document.id}`} className={styles.item}>
            <span>
              {t(`records.documents.kinds.${document.kind}`, { number: document.number })}
              <span className={styles.date}> · {issued(document.issuedAt, lang)}</span>
            </span>
            <a href={document.url} className={styles.link} target="_blank" rel="noopener" download>
              {t('records.documents.download', { number: document.number })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
