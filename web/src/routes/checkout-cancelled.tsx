import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentResult } from '../features/orders/components/payment-result';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from '../components/shopping-page/shopping-page.module.css';

/** The payment provider's cancelled return: `/checkout-cancelled?session_id=…`. */
export default function CheckoutCancelledRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.result.cancelledTitle'));
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <PaymentResult kind="cancelled" sessionId={params.get('session_id')} />
    </div>
  );
}
