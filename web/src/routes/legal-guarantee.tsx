import { useTranslation } from 'react-i18next';
import { InfoPage, type InfoSection } from '../components/info-page/info-page';
import { GuaranteeNotice } from '../components/guarantee-notice/guarantee-notice';
import { StateMessage } from '../components/state-message/state-message';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './legal-guarantee.module.css';

const SECTIONS = ['length', 'remedies', 'claim', 'disputes'] as const;

/**
 * The legal guarantee of conformity (YEAR.md section 6, decision 0054): the EU notice, how long the
 * guarantee runs here (two years from delivery) and how to claim, with the seller's contact from
 * the shop's settings (server-rendered with them).
 */
export default function LegalGuaranteeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('legalGuarantee.title'));
  const { data: settings, error } = useSettings();
  const seller = settings?.seller;
  const sections: InfoSection[] = seller
    ? SECTIONS.map((id) => ({
        id,
        title: t(`legalGuarantee.sections.${id}.title`),
        body: t(`legalGuarantee.sections.${id}.body`, { ...seller }),
      }))
    : [];

  return (
    <InfoPage
      eyebrow={t('legalGuarantee.eyebrow')}
      title={t('legalGuarantee.title')}
      intro={t('legalGuarantee.intro')}
      aside={<GuaranteeNotice className={styles.notice} />}
      sections={sections}
    >
      {seller ? (
        <address className={styles.contact} aria-label={t('legalGuarantee.contactLabel')}>
          {seller.email && (
            <p>
              {t('legalGuarantee.email')} <a href={`mailto:${seller.email}`}>{seller.email}</a>
            </p>
          )}
          {seller.phone && (
            <p>
              {t('legalGuarantee.phone')} <a href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`}>{seller.phone}</a>
            </p>
          )}
          {seller.address && (
            <p>
              {t('legalGuarantee.post')} {[seller.legalName, seller.address].filter(Boolean).join(', ')}
            </p>
          )}
        </address>
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
