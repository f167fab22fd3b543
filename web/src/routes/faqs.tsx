import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/info-page/info-page';
import { ChevronRightIcon } from '../components/icons/icons';
import { PAYMENT_KEY_SUFFIX, usePaymentMethods, useReturnDays } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './faqs.module.css';

const QUESTIONS = ['availability', 'payments', 'returns', 'sizing', 'shipping', 'care', 'account', 'bulk'] as const;

/** Questions as a native disclosure accordion: keyboard and screen readers get it for free. */
export default function FaqsRoute() {
  const { t } = useTranslation();
  const payment = PAYMENT_KEY_SUFFIX[usePaymentMethods()];
  const returnDays = useReturnDays();
  useDocumentTitle(t('faqs.title'));
  // The payments answer names the ways to pay the shop offers; the returns answer its withdrawal period.
  const answer = (id: (typeof QUESTIONS)[number]) =>
    id === 'payments' ? t(`faqs.items.payments.a${payment}`) : t(`faqs.items.${id}.a`, { returnDays });
  return (
    <InfoPage eyebrow={t('faqs.eyebrow')} title={t('faqs.title')} intro={t('faqs.intro')}>
      <div className={styles.list}>
        {QUESTIONS.map((id) => (
          <details key={id} className={styles.item}>
            <summary className={styles.question}>
              <span className={styles.questionText}>{t(`faqs.items.${id}.q`)}</span>
              <ChevronRightIcon className={styles.chevron} />
            </summary>
            <p className={styles.answer}>{answer(id)}</p>
          </details>
        ))}
      </div>
      <p className={styles.more}>
        {t('faqs.more')} <Link to="/contact-us">{t('faqs.moreLink')}</Link>
      </p>
    </InfoPage>
  );
}
