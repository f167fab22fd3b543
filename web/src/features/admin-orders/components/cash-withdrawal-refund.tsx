import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useSWRConfig } from 'swr';
import type { AdminOrder } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { afterOrderAction, refundCashWithdrawal } from '../api/order-actions';

interface CashWithdrawalRefundProps {
  order: AdminOrder;
  /** What is left of the withdrawal's refund, formatted. */
  amount: string;
  onDone: () => void;
}

/**
 * A cash-on-delivery order's withdrawal refunded after a confirm that says where the money goes:
 * the cash the courier collected by the owner's bank transfer, the rest to store credit and gift
 * cards (decision 0070). The order's page shows the refund once made.
 */
export function CashWithdrawalRefund({ order, amount, onDone }: CashWithdrawalRefundProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  async function refund() {
    setBusy(true);
    try {
      await afterOrderAction(mutate, await refundCashWithdrawal(order.id));
      toast.success(t('adminOrders.withdrawal.cash.done'));
    } catch (failure) {
      toast.error(errorText(failure, ADMIN_FAILED));
    } finally {
      setBusy(false);
      onDone();
    }
  }

  return (
    <ConfirmDialog
      title={t('adminOrders.withdrawal.cash.title')}
      text={t('adminOrders.withdrawal.cash.text', { amount })}
      confirmLabel={t('adminOrders.withdrawal.cash.yes')}
      busyLabel={t('adminOrders.withdrawal.cash.working')}
      busy={busy}
      onConfirm={() => void refund()}
      onCancel={onDone}
    />
  );
}
