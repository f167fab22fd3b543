import { useCallback } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@shop/contract';
import { useSession } from '../features/auth/use-session';
import { CartView } from '../features/cart/components/cart-view';
import { useAddToWishlist } from '../features/wishlist/api/add-to-wishlist';
import { StateMessage } from '../components/state-message/state-message';
import { useDocumentTitle } from '../lib/use-document-title';
import button from '../components/button/button.module.css';
import styles from './shopping-page.module.css';

export default function CartRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('cart.title'));
  const session = useSession();
  const addToWishlist = useAddToWishlist(session.token);

  const moveToWishlist = useCallback(
    (item: CartItem) =>
      addToWishlist(
        { productId: item.productId, colorId: item.colorId, selectedSize: item.selectedSize, quantity: item.quantity },
        { failureKey: 'wishlist.moveFailed' },
      ),
    [addToWishlist],
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('cart.eyebrow')}</p>
        <h1 className={styles.title}>{t('cart.title')}</h1>
      </header>
      {session.isLoggedIn ? (
        <CartView token={session.token} onMoveToWishlist={moveToWishlist} />
      ) : (
        <StateMessage kind="info" title={t('cart.loginToSee')}>
          <Link to="/login" className={button.primary}>
            {t('cart.logIn')}
          </Link>
        </StateMessage>
      )}
    </div>
  );
}
