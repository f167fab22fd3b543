import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { ComplaintsScreen } from '../features/complaints/components/complaints-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/complaints: the register of complaints, their due dates and decisions (YEAR.md section 6). */
export default function AdminComplaintsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('complaints.admin.title'));
  return (
    <AdminPage title={t('complaints.admin.title')} lead={t('complaints.admin.lead')}>
      <ComplaintsScreen />
    </AdminPage>
  );
}
