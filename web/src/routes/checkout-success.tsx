import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentResult } from '../features/orders/components/payment-result';
import { parseOrderId } from '../features/orders/api/get-order';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from '../components/shopping-page/shopping-page.module.css';

/**
 * The payment provider's success return, `/checkout-success?session_id=…`, and a cash-on-delivery
 * order's result, `/checkout-success?order_id=…`.
 */
export default function CheckoutSuccessRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const orderId = sessionId ? null : parseOrderId(params.get('order_id'));
  useDocumentTitle(orderId === null ? t('checkout.result.successTitle') : t('checkout.result.placedTitle'));
  return (
    <div className={styles.page}>
      <PaymentResult kind="success" sessionId={sessionId} orderId={orderId} />
    </div>
  );
}
