import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { DiscountCodesScreen } from '../features/admin-discounts/components/discount-codes-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/discount-codes: the shop's discount codes (TRADE.md section 4). */
export default function AdminDiscountCodesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminDiscounts.title'));
  return (
    <AdminPage title={t('adminDiscounts.title')} lead={t('adminDiscounts.lead')}>
      <DiscountCodesScreen />
    </AdminPage>
  );
}
