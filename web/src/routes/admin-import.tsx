import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { ImportScreen } from '../features/admin-import/components/import-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/import: the catalogue in and out — import with a dry run and undo, export, feeds (YEAR.md section 5). */
export default function AdminImportRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminImport.title'));
  return (
    <AdminPage title={t('adminImport.title')} lead={t('adminImport.lead')}>
      <ImportScreen />
    </AdminPage>
  );
}
