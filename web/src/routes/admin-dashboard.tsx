import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { PlusIcon } from '../components/icons/icons';
import { Tabs } from '../components/tabs/tabs';
import { BackupPanel } from '../features/admin-backups/components/backup-panel';
import { FailedEffectsPanel } from '../features/admin-effects/components/failed-effects-panel';
import { OpenComplaintsPanel } from '../features/complaints/components/open-complaints-panel';
import { ProductTable } from '../features/admin-products/components/product-table';
import { SellerWarning } from '../features/admin-settings/components/seller-warning';
import { RecordsWarning } from '../features/admin-documents/components/records-warning';
import { StatsPanel } from '../features/admin-stats/components/stats-panel';
import { UserTable } from '../features/admin-users/components/user-table';
import { useSession } from '../lib/session';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import button from '../components/button/button.module.css';

const TABS = ['users', 'products'] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/dashboard ("Manage Products" in the navbar): what the owner must see first (the seller
 * warning), the sales of a chosen period, the backups, the tasks that keep failing, then user
 * management (what the spec shows there) and a products tab listing every product, drafts too.
 * The tab is in the URL, so back and reload keep it.
 */
export default function AdminDashboardRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { data: settings } = useSettings();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'products' ? 'products' : 'users';
  useDocumentTitle(t('admin.nav.manageProducts'));

  return (
    <AdminPage
      title={t('admin.dashboard.title')}
      lead={t('admin.dashboard.lead')}
      action={
        <Link to="/admin/create-a-product" className={button.primary}>
          <PlusIcon width={18} height={18} />
          {t('admin.nav.createProduct')}
        </Link>
      }
    >
      <SellerWarning />
      <RecordsWarning />
      <StatsPanel lang={lang} currency={settings?.currency ?? null} />
      <OpenComplaintsPanel lang={lang} />
      <BackupPanel lang={lang} />
      <FailedEffectsPanel lang={lang} />
      <Tabs
        label={t('admin.dashboard.tabs')}
        tabs={TABS.map((name) => ({ name, label: t(`admin.dashboard.${name}`) }))}
        selected={tab}
        onSelect={(next) =>
          setParams(next === 'users' ? {} : { tab: next }, { replace: true, preventScrollReset: true })
        }
        title={t(`admin.dashboard.${tab}Title`)}
      >
        {tab === 'users' ? <UserTable viewer={session.user ?? undefined} /> : <ProductTable lang={lang} />}
      </Tabs>
    </AdminPage>
  );
}
