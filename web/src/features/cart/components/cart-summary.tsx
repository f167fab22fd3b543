import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { useCurrency } from '../../../lib/settings';
import { productThumb } from '../../../lib/images';
import { useLanguage } from '../../../lib/use-language';
import { cartTotal } from '../lib/cart-total';
import button from '../../../components/button/button.module.css';
import styles from './cart-summary.module.css';

/** The navbar's cart preview: what is in the bag, and the way to it. */
export function CartSummary({ items }: { items: CartItem[] }) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const lang = useLanguage();
  const total = cartTotal(items);

  return (
    <div className={styles.root}>
      <p className={styles.heading}>{t('cartSummary.title')}</p>
      {items.length === 0 ? (
        <p className={styles.empty}>{t('cartSummary.empty')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.cartItemId} className={styles.item}>
                <img
                  className={styles.thumb}
                  src={productThumb(item.selectedColor || item.imageUrl)}
                  alt=""
                  width={56}
                  height={70}
                  loading="lazy"
                />
                <div className={styles.info}>
                  <p className={styles.name}>{item.name}</p>
                  <p className={styles.meta}>
                    {t('cartSummary.line', { size: item.selectedSize, quantity: item.quantity })}
                  </p>
                </div>
                <p className={styles.price}>{formatMoney((item.price || 0) * item.quantity, lang, currency)}</p>
              </li>
            ))}
          </ul>
          <p className={styles.total}>
            <span>{t('cartSummary.total')}</span>
            <span>{formatMoney(total, lang, currency)}</span>
          </p>
        </>
      )}
      <Link to="/cart" className={`${button.primary} ${button.block}`}>
        {t('cartSummary.viewCart')}
      </Link>
    </div>
  );
}
