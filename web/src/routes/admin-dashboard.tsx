import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import AdminDashboard from '../features/admin/components/admin-dashboard';
import { FailedEffectsPanel } from '../features/admin-effects/components/failed-effects-panel';
import { SellerWarning } from '../features/admin-settings/components/seller-warning';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';

/** /admin/dashboard ("Manage Products" in the navbar): sales, backups, the tasks that keep failing, users and the product list. */
export default function AdminDashboardRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { data: settings } = useSettings();
  useDocumentTitle(t('admin.nav.manageProducts'));
  return (
    <AdminDashboard
      currentUserId={session.user?.id}
      lang={lang}
      currency={settings?.currency ?? null}
      notice={<SellerWarning />}
      panels={<FailedEffectsPanel lang={lang} />}
    />
  );
}
