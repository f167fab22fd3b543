import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@shop/contract';
import { useSession } from '../features/auth/use-session';
import { CartView } from '../features/cart/components/cart-view';
import { useAddToWishlist } from '../features/wishlist/api/add-to-wishlist';
import { LoginPrompt, ShoppingPage } from '../components/shopping-page/shopping-page';
import { useDocumentTitle } from '../lib/use-document-title';

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
    <ShoppingPage eyebrow={t('cart.eyebrow')} title={t('cart.title')}>
      {session.isLoggedIn ? (
        <CartView token={session.token} onMoveToWishlist={moveToWishlist} />
      ) : (
        <LoginPrompt title={t('cart.loginToSee')} action={t('cart.logIn')} />
      )}
    </ShoppingPage>
  );
}
