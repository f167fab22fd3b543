import { useTranslation } from 'react-i18next';
import { InfoPage, useInfoSections } from '../components/info-page/info-page';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './contact-us.module.css';

export const CONTACT_EMAIL = 'hello@ateliernoir.com';
const SECTIONS = ['orders', 'bulk', 'press'] as const;
const HOURS = ['weekdays', 'saturday', 'sunday'] as const;

export default function ContactUsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.title'));
  const sections = useInfoSections('contact', SECTIONS);

  const card = (
    <address className={styles.card}>
      <div className={styles.item}>
        <h2 className={styles.label}>{t('contact.emailLabel')}</h2>
        <a href={`mailto:${CONTACT_EMAIL}`} className={styles.email}>
          {CONTACT_EMAIL}
        </a>
        <p className={styles.note}>{t('contact.emailNote')}</p>
      </div>
      <div className={styles.item}>
        <h2 className={styles.label}>{t('contact.studioLabel')}</h2>
        <p className={styles.value}>
          {t('contact.addressLine1')}
          <br />
          {t('contact.addressLine2')}
          <br />
          {t('contact.addressLine3')}
        </p>
      </div>
      <div className={styles.item}>
        <h2 className={styles.label}>{t('contact.hoursLabel')}</h2>
        <dl className={styles.hours}>
          {HOURS.map((key) => (
            <div key={key} className={styles.hoursRow}>
              <dt>{t(`contact.hours.${key}.days`)}</dt>
              <dd>{t(`contact.hours.${key}.time`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </address>
  );

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
