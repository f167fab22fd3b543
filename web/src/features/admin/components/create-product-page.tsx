import { useTranslation } from 'react-i18next';
import { CreateProductForm } from './create-product-form';
import page from './admin-page.module.css';

/** /admin/create-a-product. */
export default function CreateProductPage() {
  const { t } = useTranslation();
  return (
    <div className={page.page}>
      <header className={page.header}>
        <div>
          <p className={page.eyebrow}>{t('admin.eyebrow')}</p>
          <h1 className={page.title}>{t('admin.create.title')}</h1>
          <p className={page.lead}>{t('admin.create.lead')}</p>
        </div>
      </header>
      <CreateProductForm />
    </div>
  );
}
