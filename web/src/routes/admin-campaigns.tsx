import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { CampaignsScreen } from '../features/admin-campaigns/components/campaigns-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/campaigns: the owner's campaigns to the list, written in both languages, sent and followed (YEAR.md section 4). */
export default function AdminCampaignsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminCampaigns.title'));
  return (
    <AdminPage title={t('adminCampaigns.title')} lead={t('adminCampaigns.lead')}>
      <CampaignsScreen />
    </AdminPage>
  );
}
