import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { CreateProductForm } from './create-product-form';

/** /admin/create-a-product. */
export default function CreateProductPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.create.title')} lead={t('admin.create.lead')}>
      <CreateProductForm />
    </AdminPage>
  );
}
