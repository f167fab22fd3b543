import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { AuditFilePanel } from '../features/admin-documents/components/audit-file-panel';
import { RecordsWarning } from '../features/admin-documents/components/records-warning';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/records: the monthly audit file of the sale records (TRADE.md section 2), and what it still needs. */
export default function AdminRecordsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('records.screen.title'));
  return (
    <AdminPage title={t('records.screen.title')} lead={t('records.screen.lead')}>
      <RecordsWarning />
      <AuditFilePanel />
    </AdminPage>
  );
}
