import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { orderFacts, stepRefusal, type Language, type Order } from '@shop/contract';
import { useErrorText } from '../../../lib/error-text';
import { useCancelOrder } from '../api/cancel-order';
import { formatDateTime } from '../lib/format-date';
import button from '../../../components/button/button.module.css';
import styles from './pending-actions.module.css';

const CANCEL_FAILED = {
  fallback: 'orderDetail.cancelFailed',
  codes: { INVALID_TRANSITION: 'orderDetail.cannotCancel' },
} as const;

/**
 * What a shopper can do with an order that waits for payment (issue: abandoned payments): the
 * deadline, Continue payment while the card session lives, and Cancel order behind a
 * confirmation (`POST /orders/{id}/cancel`) when the transition table lets the shopper cancel it
 * (contract/src/order-steps.ts). Nothing for any other order.
 */
export function PendingActions({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (order.status !== 'pending') return null;
  const payable = order.paymentMethod === 'card' && order.paymentUrl;
  const cancellable = stepRefusal('cancel', orderFacts(order), 'shopper') === null;

  async function confirmCancel() {
    setBusy(true);
    const outcome = await cancel(order.id);
    setBusy(false);
    setConfirming(false);
    if (outcome.ok) toast.success(t('orderDetail.cancelled'));
    else toast.error(errorText(outcome.error, CANCEL_FAILED));
  }

  return (
    <div className={styles.pending}>
      {order.paymentMethod === 'card' && order.expiresAt && (
        <p className={styles.note}>{t('orderDetail.payBy', { date: formatDateTime(order.expiresAt, lang) })}</p>
      )}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label={t('orderDetail.cancel')}>
          <p>{t('orderDetail.cancelConfirm')}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={button.primary}
              onClick={() => void confirmCancel()}
              disabled={busy}
              aria-busy={busy}
            >
              {t('orderDetail.cancelYes')}
            </button>
            <button type="button" className={button.secondary} onClick={() => setConfirming(false)} disabled={busy}>
              {t('orderDetail.cancelNo')}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          {payable && (
            <a href={order.paymentUrl!} className={button.primary}>
              {t('orderDetail.continuePayment')}
            </a>
          )}
          {cancellable && (
            <button type="button" className={button.secondary} onClick={() => setConfirming(true)}>
              {t('orderDetail.cancel')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
