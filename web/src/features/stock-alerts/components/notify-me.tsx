import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Size } from '@shop/contract';
import { useErrorText } from '../../../lib/error-text';
import { useStockAlerts } from '../api/stock-alerts';
import button from '../../../components/button/button.module.css';
import styles from './notify-me.module.css';

interface NotifyMeProps {
  productId: number;
  colorId: number;
  size: Size;
}

const FAILED = { fallback: 'stock.alertFailed', serverMessage: true } as const;

/**
 * "Notify me when it's back" for a sold-out colour and size (docs/decisions/0021): signed-in
 * shoppers ask for one mail, or stop waiting; a guest is sent to log in and brought back here.
 */
export function NotifyMe({ productId, colorId, size }: NotifyMeProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const { alerts, create, remove, token } = useStockAlerts();
  const [busy, setBusy] = useState(false);
  const alert = alerts?.find((a) => a.productId === productId && a.colorId === colorId && a.size === size);

  async function ask() {
    if (!token) {
      toast.info(t('stock.loginToNotify'));
      void navigate('/login', { state: { from: location } });
      return;
    }
    setBusy(true);
    const outcome = await create({ productId, colorId, size });
    setBusy(false);
    if (outcome.ok) toast.success(t('stock.alertSaved'));
    else toast.error(errorText(outcome.error, FAILED));
  }

  async function stop(id: number) {
    setBusy(true);
    const outcome = await remove(id);
    setBusy(false);
    if (!outcome.ok) toast.error(errorText(outcome.error, FAILED));
  }

  return (
    <div className={styles.root}>
      {alert ? (
        <>
          <p className={styles.waiting} role="status">
            {t('stock.alertWaiting')}
          </p>
          <button
            type="button"
            className={`${button.secondary} ${styles.button}`}
            onClick={() => void stop(alert.id)}
            disabled={busy}
          >
            {t('stock.alertStop')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`${button.secondary} ${styles.button}`}
          onClick={() => void ask()}
          disabled={busy}
          aria-busy={busy}
        >
          {t('stock.notifyMe')}
        </button>
      )}
    </div>
  );
}
