import { useTranslation } from 'react-i18next';
import CreateProductPage from '../features/admin-products/components/create-product-page';
import { useDocumentTitle } from '../lib/use-document-title';

/** /admin/create-a-product. */
export default function AdminCreateProductRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.create.title'));
  return <CreateProductPage />;
}
