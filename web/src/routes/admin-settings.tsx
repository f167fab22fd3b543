import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { SettingsScreen } from '../features/admin-settings/components/settings-form';
import { RecordsSettingsSection } from '../features/admin-documents/components/records-settings';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/settings: seller details, delivery prices, cash on delivery and the withdrawal period. */
export default function AdminSettingsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminSettings.title'));
  return (
    <AdminPage title={t('adminSettings.title')} lead={t('adminSettings.lead')}>
      <SettingsScreen />
      <RecordsSettingsSection />
    </AdminPage>
  );
}
