import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { OrderHistory } from '../features/orders/components/order-history';
import { LoginPrompt, ShoppingPage } from '../components/shopping-page/shopping-page';
import { useDocumentTitle } from '../lib/use-document-title';

/** The footer's "My Order": the shopper's order history. */
export default function MyOrderRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('orders.title'));
  const session = useSession();

  return (
    <ShoppingPage eyebrow={t('orders.eyebrow')} title={t('orders.title')} lead={t('orders.lead')}>
      {session.token ? <OrderHistory /> : <LoginPrompt title={t('orders.loginToSee')} action={t('orders.logIn')} />}
    </ShoppingPage>
  );
}
