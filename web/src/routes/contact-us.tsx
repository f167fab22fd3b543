import { useTranslation } from 'react-i18next';
import { InfoPage, useInfoSections } from '../components/info-page/info-page';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './contact-us.module.css';

const SECTIONS = ['orders', 'bulk', 'press'] as const;

/** How to reach the seller: the seller the owner entered in the admin Settings (server-rendered with them). */
export default function ContactUsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.title'));
  const sections = useInfoSections('contact', SECTIONS);
  const seller = useSettings().data?.seller;

  const card = seller ? (
    <address className={styles.card}>
      {seller.email && (
        <div className={styles.item}>
          <h2 className={styles.label}>{t('contact.emailLabel')}</h2>
          <a href={`mailto:${seller.email}`} className={styles.email}>
            {seller.email}
          </a>
          <p className={styles.note}>{t('contact.emailNote')}</p>
        </div>
      )}
      {seller.phone && (
        <div className={styles.item}>
          <h2 className={styles.label}>{t('contact.phoneLabel')}</h2>
          <a href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`} className={styles.value}>
            {seller.phone}
          </a>
        </div>
      )}
      {(seller.legalName || seller.address) && (
        <div className={styles.item}>
          <h2 className={styles.label}>{t('contact.sellerLabel')}</h2>
          <p className={styles.value}>
            {seller.legalName}
            {seller.legalName && seller.address ? <br /> : null}
            {seller.address}
          </p>
        </div>
      )}
    </address>
  ) : undefined;

  return (
    <InfoPage
      eyebrow={t('contact.eyebrow')}
      title={t('contact.title')}
      intro={t('contact.intro')}
      aside={card}
      sections={sections}
    />
  );
}
