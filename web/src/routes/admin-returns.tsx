import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { ReturnsScreen } from '../features/admin-returns/components/returns-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/returns: the shoppers' returns and exchanges, their refund deadlines and outcomes (YEAR.md section 2). */
export default function AdminReturnsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminReturns.title'));
  return (
    <AdminPage title={t('adminReturns.title')} lead={t('adminReturns.lead')}>
      <ReturnsScreen />
    </AdminPage>
  );
}
