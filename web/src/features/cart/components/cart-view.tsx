import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { TIMINGS, type CartItem } from '@shop/contract';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import { SummaryLayout, SummaryLines, SummaryPanel, SummaryTotal } from '../../../components/summary/summary';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { PAYMENT_KEY_SUFFIX, useCurrency, usePaymentMethods, useUnitsLimit } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { useCart } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useUpdateCartLine } from '../api/update-cart-line';
import { CART_ERRORS, isOverStock, outOfStockText, unitsLimitText } from '../lib/cart-errors';
import { cartTotal } from '../lib/cart-total';
import { CartDelivery } from './cart-delivery';
import { CartLine, type MoveState } from './cart-line';
import button from '../../../components/button/button.module.css';
import { GuaranteeNotice } from '../../../components/guarantee-notice/guarantee-notice';
import styles from './cart-view.module.css';

interface CartViewProps {
  /** Adds the line to the wishlist (the wishlist feature, composed by the route); true when it is there. */
  onMoveToWishlist: (item: CartItem) => Promise<boolean>;
}

interface PendingMove {
  item: CartItem;
  timer: number;
}

/**
 * The cart page: lines, the total and the way on. Moving a line to the wishlist waits
 * TIMINGS.cartToWishlistUndo with the line blurred; a second click cancels, otherwise the line
 * is added to the wishlist and then removed from the cart.
 */
export function CartView({ onMoveToWishlist }: CartViewProps) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const { items, count, hasLoaded } = useCart();
  const updateLine = useUpdateCartLine();
  const limit = useUnitsLimit();
  const payment = PAYMENT_KEY_SUFFIX[usePaymentMethods()];
  const removeFromCart = useRemoveFromCart();
  const [moves, setMoves] = useState<ReadonlyMap<number, MoveState>>(new Map());
  const pending = useRef(new Map<number, PendingMove>());

  const changeQuantity = useCallback(
    async (cartItemId: number, quantity: number) => {
      const outcome = await updateLine(cartItemId, quantity);
      if (!outcome.ok)
        toast.error(
          unitsLimitText(outcome.error, t, limit) ??
            outOfStockText(outcome.error, t) ??
            errorText(outcome.error, CART_ERRORS.update),
        );
    },
    [updateLine, errorText, t, limit],
  );

  /** Removes a line; "Failed to remove from cart." when the server refuses. True when it is gone. */
  const removeLine = useCallback(
    async (cartItemId: number) => {
      const outcome = await removeFromCart(cartItemId);
      if (!outcome.ok) toast.error(t('cart.removeFailed'));
      return outcome.ok;
    },
    [removeFromCart, t],
  );

  const setMove = useCallback((id: number, state: MoveState) => {
    setMoves((current) => {
      const next = new Map(current);
      if (state) next.set(id, state);
      else next.delete(id);
      return next;
    });
  }, []);

  const completeMove = useCallback(
    async (item: CartItem) => {
      pending.current.delete(item.cartItemId);
      setMove(item.cartItemId, 'moving');
      if ((await onMoveToWishlist(item)) && (await removeLine(item.cartItemId))) {
        toast.success(t('cart.moved', { name: item.name || t('cart.unnamed') }));
      }
      setMove(item.cartItemId, undefined);
    },
    [onMoveToWishlist, removeLine, setMove, t],
  );

  // Timers outlive renders: they call the latest completeMove.
  const completeMoveRef = useRef(completeMove);
  useEffect(() => {
    completeMoveRef.current = completeMove;
  }, [completeMove]);

  function toggleMove(item: CartItem) {
    const id = item.cartItemId;
    const waiting = pending.current.get(id);
    if (waiting) {
      window.clearTimeout(waiting.timer);
      pending.current.delete(id);
      setMove(id, undefined);
      return;
    }
    if (moves.has(id)) return; // already moving
    const timer = window.setTimeout(() => void completeMoveRef.current(item), TIMINGS.cartToWishlistUndo);
    pending.current.set(id, { item, timer });
    setMove(id, 'pending');
  }

  // Leaving the page does not cancel what the shopper asked for: finish the waiting moves now.
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const move of waiting.values()) {
        window.clearTimeout(move.timer);
        void completeMoveRef.current(move.item);
      }
    };
  }, []);

  if (!hasLoaded) {
    return (
      <LoadingBlocks label={t('cart.loading')} count={2} className={styles.loading} blockClassName={styles.skeleton} />
    );
  }

  if (items.length === 0) {
    return (
      <StateMessage kind="empty" title={t('cart.empty')}>
        <Link to="/clothing" className={button.primary}>
          {t('cart.continueShopping')}
        </Link>
      </StateMessage>
    );
  }

  return (
    <SummaryLayout>
      <section aria-label={t('cart.linesLabel')}>
        <SummaryLines>
          {items.map((item) => (
            <CartLine
              key={item.cartItemId}
              item={item}
              lang={lang}
              moveState={moves.get(item.cartItemId)}
              onQuantityChange={(quantity) => void changeQuantity(item.cartItemId, quantity)}
              onToggleMove={() => toggleMove(item)}
              onRemove={() => void removeLine(item.cartItemId)}
            />
          ))}
        </SummaryLines>
      </section>

      <SummaryPanel title={t('cart.summaryTitle')} className={styles.summary}>
        <p className={styles.row}>{t('cart.itemCount', { count })}</p>
        <SummaryTotal
          label={t('cart.total')}
          amount={formatMoney(cartTotal(items), lang, currency)}
          testId="cart-total"
        />
        <CartDelivery
          cartVersion={items.map((item) => `${item.cartItemId}:${item.quantity}:${item.price}`).join(',')}
        />
        <p className={styles.note}>{t(`cart.totalNote${payment}`)}</p>
        {/* The EU notice on the legal guarantee, before going on to order (decision 0054). */}
        <GuaranteeNotice className={styles.notice} />
        {items.some(isOverStock) ? (
          <>
            <p className={styles.blocked} role="alert">
              {t('stock.cartBlocked')}
            </p>
            <button type="button" className={`${button.light} ${button.block}`} disabled>
              {t('cart.checkout')}
            </button>
          </>
        ) : (
          <Link to="/checkout" className={`${button.light} ${button.block}`}>
            {t('cart.checkout')}
          </Link>
        )}
        <Link to="/clothing" className={`${button.secondary} ${button.block} ${styles.ghost}`}>
          {t('cart.continueShopping')}
        </Link>
      </SummaryPanel>
    </SummaryLayout>
  );
}
