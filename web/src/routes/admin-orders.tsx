import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { OrdersList } from '../features/admin-orders/components/orders-list';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';

/** /admin/orders: every order, filtered and searched, with the CSV export. */
export default function AdminOrdersRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('adminOrders.title'));
  return (
    <AdminPage title={t('adminOrders.title')} lead={t('adminOrders.lead')}>
      <OrdersList lang={lang} />
    </AdminPage>
  );
}
