import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { useAddToCart, useResumePendingAdd } from '../features/cart/api/add-to-cart';
import { useAddToCartToast } from '../features/cart/components/add-to-cart-toast';
import { useWishlistHeart } from '../features/wishlist/api/use-wishlist-heart';
import { useAddToWishlistToast } from '../features/wishlist/components/wishlist-toast';
import { WISHLIST_ERRORS } from '../features/wishlist/lib/wishlist-errors';
import { NotifyMe } from '../features/stock-alerts/components/notify-me';
import { parseProductId, useProduct } from '../features/catalog/api/get-product';
import {
  ProductDetails,
  ProductDetailsSkeleton,
  type ProductSelection,
} from '../features/catalog/components/product-details';
import { localizeProduct } from '../features/catalog/lib/localize';
import { ProductReviews } from '../features/reviews/components/product-reviews';
import { StateMessage } from '../components/state-message/state-message';
import { LoadingPage } from '../components/loading-page/loading-page';
import { useInitialLoading } from '../components/loading-page/use-initial-loading';
import { isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import button from '../components/button/button.module.css';
import styles from './product.module.css';

// Admin code is its own chunk: only admins ever download it.
const ProductAdminBar = lazy(() => import('../features/admin-products/components/product-admin-bar'));
const ProductEditor = lazy(() => import('../features/admin-products/components/product-editor'));

export default function ProductRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { productId } = useParams();
  const id = parseProductId(productId);
  // A card's swatch opens the page on its colour (`?color=<id>`), on the server's first paint too.
  const [searchParams] = useSearchParams();
  const initialColorId = parseProductId(searchParams.get('color') ?? undefined);
  // A product feed's item opens the page on its colour and size (`&size=M`).
  const initialSize = searchParams.get('size');
  const session = useSession();
  const { data: product, error, isLoading } = useProduct(id, lang);
  // Edit Product mode (admins); the dashboard's Edit link opens the page in it.
  const location = useLocation();
  const [editing, setEditing] = useState(() => (location.state as { edit?: unknown } | null)?.edit === true);
  const showLoading = useInitialLoading(isLoading);

  const notFound = id === null || (isApiError(error) && error.status === 404);
  const name = product ? localizeProduct(product, lang).name : undefined;
  useDocumentTitle(name ?? (notFound ? t('product.notFound') : t('product.title')));

  const addLineToCart = useAddToCart();
  const cartToast = useAddToCartToast();
  const heart = useWishlistHeart();
  const wishlistToast = useAddToWishlistToast();

  // Back from logging in: the add asked for while logged out is done now.
  useResumePendingAdd(product?.id, cartToast);

  // Added: the product page says so beside its button; anything else is a toast.
  async function addToCart(selection: ProductSelection): Promise<boolean> {
    const result = await addLineToCart(selection);
    if (result.kind === 'added') return true;
    cartToast(result);
    return false;
  }
  // Logged out: "please log in" with a link back here; a complete choice is added after login.
  async function loginForCart(selection: ProductSelection | null) {
    const line = selection ?? { productId: id ?? 0, colorId: undefined, selectedSize: undefined, quantity: 1 };
    cartToast(await addLineToCart(line));
  }
  function closeEditor() {
    setEditing(false);
    // The product is far shorter than its editor, whose bar stays at hand down to the footer:
    // show it from the top, not scrolled to the footer.
    requestAnimationFrame(() => window.scrollTo(0, 0));
  }

  async function toggleWishlist(selection: ProductSelection) {
    const result = await heart.add(selection);
    if (result) wishlistToast(result, { failure: WISHLIST_ERRORS.add, successKey: 'wishlist.added' });
  }

  let body: React.ReactNode;
  if (notFound) {
    body = (
      <StateMessage kind="empty" title={t('product.notFound')} as="h1">
        <Link to="/clothing" className={button.primary}>
          {t('product.backToShop')}
        </Link>
      </StateMessage>
    );
  } else if (error && !product) {
    body = (
      <StateMessage kind="error" title={t('product.loadError')} as="h1">
        <Link to="/clothing" className={button.secondary}>
          {t('product.backToShop')}
        </Link>
      </StateMessage>
    );
  } else if (!product) {
    body = <ProductDetailsSkeleton />;
  } else if (editing && session.isAdmin) {
    body = (
      <Suspense fallback={<ProductDetailsSkeleton />}>
        <ProductEditor key={product.id} product={product} onClose={closeEditor} />
      </Suspense>
    );
  } else {
    body = (
      <ProductDetails
        product={product}
        lang={lang}
        categoryName={t(`categories.${product.categoryId}.name`, { defaultValue: '' })}
        isLoggedIn={session.isLoggedIn}
        onAddToCart={addToCart}
        onLoginForCart={loginForCart}
        onToggleWishlist={toggleWishlist}
        wishlisted={heart.filled}
        soldOutAction={(variant) => <NotifyMe key={`${variant.colorId}:${variant.size}`} {...variant} />}
        initialColorId={initialColorId}
        initialSize={initialSize}
      />
    );
  }

  return (
    <div className={styles.page}>
      {showLoading && <LoadingPage />}
      <nav aria-label={t('product.breadcrumb')} className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to="/">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to="/clothing">{t('nav.clothing')}</Link>
          </li>
          {name && <li aria-current="page">{name}</li>}
        </ol>
      </nav>
      {session.isAdmin && product && !editing && (
        <Suspense fallback={null}>
          <ProductAdminBar product={product} onEdit={() => setEditing(true)} />
        </Suspense>
      )}
      {body}
      {product && !editing && <ProductReviews productId={product.id} lang={lang} isLoggedIn={session.isLoggedIn} />}
    </div>
  );
}
