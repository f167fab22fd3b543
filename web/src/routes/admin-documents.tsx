import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page/admin-page';
import { DocumentsScreen } from '../features/admin-documents/components/documents-screen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/documents: every sale document, invoice and credit note, and the sales ledger (TRADE.md section 3). */
export default function AdminDocumentsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('invoices.documents.title'));
  return (
    <AdminPage title={t('invoices.documents.title')} lead={t('invoices.documents.lead')}>
      <DocumentsScreen />
    </AdminPage>
  );
}
