import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { WishlistView } from '../features/wishlist/components/wishlist-view';
import { LoginPrompt, ShoppingPage } from '../components/shopping-page/shopping-page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function WishlistRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('wishlist.title'));
  const session = useSession();

  return (
    <ShoppingPage eyebrow={t('wishlist.eyebrow')} title={t('wishlist.title')} lead={t('wishlist.lead')}>
      {session.isLoggedIn ? (
        <WishlistView />
      ) : (
        <LoginPrompt title={t('wishlist.loginToSee')} action={t('wishlist.logIn')} />
      )}
    </ShoppingPage>
  );
}
