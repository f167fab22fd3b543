import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@shop/contract';
import { CartView } from '../features/cart/components/cart-view';
import { useAddToWishlist } from '../features/wishlist/api/add-to-wishlist';
import { useAddToWishlistToast } from '../features/wishlist/components/wishlist-toast';
import { WISHLIST_ERRORS } from '../features/wishlist/lib/wishlist-errors';
import { LoginPrompt, ShoppingPage } from '../components/shopping-page/shopping-page';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CartRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('cart.title'));
  const session = useSession();
  const addToWishlist = useAddToWishlist();
  const wishlistToast = useAddToWishlistToast();

  const moveToWishlist = useCallback(
    async (item: CartItem) => {
      const result = await addToWishlist({
        productId: item.productId,
        colorId: item.colorId,
        selectedSize: item.selectedSize,
        quantity: item.quantity,
      });
      wishlistToast(result, { failure: WISHLIST_ERRORS.move });
      return result.kind === 'added';
    },
    [addToWishlist, wishlistToast],
  );

  return (
    <ShoppingPage eyebrow={t('cart.eyebrow')} title={t('cart.title')}>
      {session.isLoggedIn ? (
        <CartView onMoveToWishlist={moveToWishlist} />
      ) : (
        <LoginPrompt title={t('cart.loginToSee')} action={t('cart.logIn')} />
      )}
    </ShoppingPage>
  );
}
