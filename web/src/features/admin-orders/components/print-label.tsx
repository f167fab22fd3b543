import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { printLabel } from '../api/order-actions';
import { orderStepFailed } from '../lib/order-errors';
import { useLanguage } from '../../../lib/use-language';
import button from '../../../components/button/button.module.css';

/** "Print label": the courier's label of a shipped order as a PDF, as often as it is needed. */
export function PrintLabel({ orderId, trackingNumber }: { orderId: number; trackingNumber: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  async function print() {
    setBusy(true);
    try {
      await printLabel(orderId, trackingNumber);
    } catch (error) {
      toast.error(errorText(error, orderStepFailed(lang)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={button.secondary} onClick={() => void print()} disabled={busy} aria-busy={busy}>
      {busy ? t('adminOrders.working') : t('adminOrders.tracking.printLabel')}
    </button>
  );
}
