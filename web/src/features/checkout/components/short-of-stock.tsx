import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { colorNameIn, type CartItem, type Language } from '@shop/contract';
import styles from './checkout-view.module.css';

/** Lines above what is left of their size and colour: no payment starts for them. */
export const shortOf = (items: CartItem[]) =>
  items.filter((item) => item.available !== null && item.quantity > item.available);

/** The checkout's alert naming the lines the stock no longer covers, with the way back to the cart. */
export function ShortOfStock({ items, lang }: { items: CartItem[]; lang: Language }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className={styles.short} role="alert">
      <p className={styles.shortTitle}>{t('checkout.outOfStock')}</p>
      <ul className={styles.shortLines}>
        {items.map((item) => (
          <li key={item.cartItemId}>
            {t('checkout.shortLine', {
              name: item.name || t('checkout.unnamed'),
              color: colorNameIn(item, lang),
              size: item.selectedSize,
              count: item.available ?? 0,
            })}
          </li>
        ))}
      </ul>
      <Link to="/cart" className={styles.back}>
        {t('checkout.fixInCart')}
      </Link>
    </div>
  );
}
