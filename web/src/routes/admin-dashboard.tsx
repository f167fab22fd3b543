import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import AdminDashboard from '../features/admin/components/admin-dashboard';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';

/** /admin/dashboard ("Manage Products" in the navbar): user management and the product list. */
export default function AdminDashboardRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  useDocumentTitle(t('admin.nav.manageProducts'));
  return <AdminDashboard currentUserId={session.user?.id} lang={lang} />;
}
