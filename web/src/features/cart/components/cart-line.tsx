import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { colorNameIn, type CartItem } from '@shop/contract';
import { QuantityStepper } from '../../../components/quantity-stepper/quantity-stepper';
import { CloseIcon, HeartIcon } from '../../../components/icons/icons';
import { Price } from '../../../components/price/price';
import { formatMoney } from '../../../lib/money';
import { useCurrency, useUnitsLimit } from '../../../lib/settings';
import { productThumb } from '../../../lib/images';
import { lineTotal } from '../lib/cart-total';
import { isOverStock } from '../lib/cart-errors';
import styles from './cart-line.module.css';

/** `pending`: inside the undo window of a move to the wishlist; `moving`: the move is under way. */
export type MoveState = 'pending' | 'moving' | undefined;

interface CartLineProps {
  item: CartItem;
  lang: string;
  moveState: MoveState;
  onQuantityChange: (quantity: number) => void;
  onToggleMove: () => void;
  onRemove: () => void;
}

/** One cart line: picture and name lead to the product; quantity, move-to-wishlist and remove. */
export function CartLine({ item, lang, moveState, onQuantityChange, onToggleMove, onRemove }: CartLineProps) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const productUrl = `/product/${item.productId}`;
  const price = Number.isFinite(item.price) ? item.price : 0;
  const busy = moveState !== undefined;
  const name = item.name || t('cart.unnamed');
  // The buttons' names tell two lines of one product apart: its colour and size too.
  const lineName = t('cart.lineName', { name, color: colorNameIn(item, lang), size: item.selectedSize });
  // docs/decisions/0021: the stepper stops at what is left; a line above it says so.
  const left = item.available;
  const cap = useUnitsLimit();
  const max = left === null ? cap : Math.min(cap, Math.max(left, 1));
  const over = isOverStock(item);

  return (
    <li className={styles.line} data-move={moveState} aria-busy={moveState === 'moving'}>
      <div className={styles.content} inert={busy}>
        <Link to={productUrl} className={styles.media} tabIndex={-1} aria-hidden="true">
          <img src={productThumb(item.imageUrl)} alt="" width={96} height={120} loading="lazy" decoding="async" />
        </Link>
        <div className={styles.details}>
          <h2 className={styles.name}>
            <Link to={productUrl}>{name}</Link>
          </h2>
          <p className={styles.meta}>
            <span>{t('cart.colorValue', { color: colorNameIn(item, lang) })}</span>
            <span>{t('cart.sizeValue', { size: item.selectedSize })}</span>
          </p>
          <p className={styles.unit}>
            <Price
              price={price}
              sale={item.sale}
              lang={lang}
              currency={currency}
              label={(amount) => t('cart.unitPrice', { price: amount })}
            />
          </p>
          {over && (
            <p className={styles.stock} role="alert">
              {item.sizeOffered === false
                ? t('stock.cartSizeGone')
                : left === 0
                  ? t('stock.cartSoldOut')
                  : t('stock.cartShort', { count: left ?? 0 })}
            </p>
          )}
        </div>
        <div className={styles.foot}>
          <div className={styles.quantity}>
            <QuantityStepper
              value={item.quantity}
              onChange={onQuantityChange}
              max={max}
              limitNote={
                item.sizeOffered === false
                  ? t('stock.sizeGoneShort')
                  : left !== null && max < cap && !over
                    ? t('stock.onlyLeft', { count: max })
                    : undefined
              }
            />
          </div>
          <p className={styles.total}>
            <span className="visually-hidden">{t('cart.lineTotal')} </span>
            {formatMoney(lineTotal(item), lang, currency)}
          </p>
        </div>
      </div>

      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          data-active={busy}
          onClick={onToggleMove}
          disabled={moveState === 'moving'}
          aria-pressed={busy}
          aria-label={busy ? t('cart.undoMove', { name: lineName }) : t('cart.moveToWishlist', { name: lineName })}
          title={busy ? t('cart.undo') : t('cart.moveToWishlistShort')}
        >
          <HeartIcon filled={busy} />
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={onRemove}
          disabled={busy}
          aria-label={t('cart.remove', { name: lineName })}
          title={t('cart.removeShort')}
        >
          <CloseIcon />
        </button>
      </div>

      <p className={styles.notice} role="status">
        {moveState === 'pending' && (
          <>
            <span>{t('cart.movePending')}</span>
            <button type="button" className={styles.undo} onClick={onToggleMove}>
              {t('cart.undo')}
            </button>
          </>
        )}
        {moveState === 'moving' && <span>{t('cart.moving')}</span>}
      </p>
    </li>
  );
}
