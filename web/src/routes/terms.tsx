import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@shop/contract';
import { InfoPage, type InfoSection } from '../components/info-page/info-page';
import { StateMessage } from '../components/state-message/state-message';
import { formatMoney } from '../lib/money';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import styles from './terms.module.css';

const SECTIONS = [
  'seller',
  'orders',
  'prices',
  'payment',
  'delivery',
  'withdrawal',
  'guarantee',
  'complaints',
  'account',
  'privacy',
  'changes',
] as const;

/**
 * The terms of sale (Consumer Protection Act, Directive 2011/83/EU): every figure in them (the
 * seller, delivery prices, cash on delivery, the withdrawal period) is the shop's settings.
 */
export default function TermsRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('terms.title'));
  const { data: settings, error } = useSettings();

  const values = (settings: Settings) => {
    const money = (amount: number) => formatMoney(amount, lang, settings.currency);
    return {
      ...settings.seller,
      currency: settings.currency,
      returnDays: settings.returnDays,
      addressPrice: money(settings.delivery.addressPrice),
      officePrice: money(settings.delivery.officePrice),
      freeFrom:
        settings.delivery.freeFrom === null
          ? t('terms.noFreeDelivery')
          : t('terms.freeFrom', { amount: money(settings.delivery.freeFrom) }),
      card: settings.payments.card ? t('terms.cardEnabled') : t('terms.cardDisabled'),
      // Without cards, cash on delivery is not an "also".
      cod: settings.cod.enabled
        ? t(settings.payments.card ? 'terms.codEnabled' : 'terms.codOnly', { fee: money(settings.cod.fee) })
        : t('terms.codDisabled'),
    };
  };
  const sections: InfoSection[] = settings
    ? SECTIONS.map((id) => ({
        id,
        title: t(`terms.sections.${id}.title`),
        body: t(`terms.sections.${id}.body`, values(settings)),
      }))
    : [];

  return (
    <InfoPage eyebrow={t('terms.eyebrow')} title={t('terms.title')} intro={t('terms.intro')} sections={sections}>
      {settings ? (
        <ul className={styles.links}>
          <li>
            <Link to="/withdrawal">{t('terms.withdrawalLink')}</Link>
          </li>
          <li>
            <Link to="/privacy">{t('terms.privacyLink')}</Link>
          </li>
          <li>
            <Link to="/legal-guarantee">{t('terms.legalGuaranteeLink')}</Link>
          </li>
        </ul>
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
