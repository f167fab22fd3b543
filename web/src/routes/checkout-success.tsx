import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentResult } from '../features/checkout/components/payment-result';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from '../components/shopping-page/shopping-page.module.css';

/** The payment provider's success return: `/checkout-success?session_id=…`. */
export default function CheckoutSuccessRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.result.successTitle'));
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <PaymentResult kind="success" sessionId={params.get('session_id')} />
    </div>
  );
}
