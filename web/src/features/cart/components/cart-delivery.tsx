import { useTranslation } from 'react-i18next';
import { checkoutTotals } from '../../../lib/checkout-totals';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import styles from './cart-view.module.css';

/**
 * What delivery will cost the cart, reckoned as the checkout does (lib/checkout-totals, the
 * contract's orderTotals): the cheaper of the two ways, or free from the settings' threshold, and
 * how much more makes it free. Nothing until the settings have arrived.
 */
export function CartDelivery({ subtotal }: { subtotal: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const settings = useSettings().data;
  if (!settings) return null;
  const { addressPrice, officePrice } = settings.delivery;
  const cheapest = officePrice <= addressPrice ? 'office' : 'address';
  const totals = checkoutTotals(subtotal, cheapest, 'card', settings);
  const money = (amount: number) => formatMoney(amount, lang, settings.currency);
  return (
    <>
      <p className={styles.row} data-testid="cart-delivery">
        {totals.delivery === 0 ? t('cart.deliveryFree') : t('cart.deliveryFrom', { amount: money(totals.delivery) })}
      </p>
      {totals.toFreeDelivery !== null && (
        <p className={styles.note}>{t('cart.toFreeDelivery', { amount: money(totals.toFreeDelivery) })}</p>
      )}
    </>
  );
}
