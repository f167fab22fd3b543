import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { CheckoutView } from '../features/checkout/components/checkout-view';
import { LoginPrompt, ShoppingPage } from '../components/shopping-page/shopping-page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CheckoutRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('checkout.title'));
  const session = useSession();

  return (
    <ShoppingPage eyebrow={t('checkout.eyebrow')} title={t('checkout.title')}>
      {session.token ? (
        <CheckoutView />
      ) : (
        <LoginPrompt title={t('checkout.loginToCheckout')} action={t('checkout.logIn')} />
      )}
    </ShoppingPage>
  );
}
