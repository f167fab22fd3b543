import { useTranslation } from 'react-i18next';
import type { Product } from '@shop/contract';
import { EditIcon } from '../../../components/icons/admin-icons';
import button from '../../../components/button/button.module.css';
import styles from './product-admin-bar.module.css';

interface ProductAdminBarProps {
  product: Product;
  onEdit: () => void;
}

/** Above a product, for admins: whether shoppers can see it, and the way into Edit Product mode. */
export default function ProductAdminBar({ product, onEdit }: ProductAdminBarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar}>
      <span className={product.published ? styles.live : styles.draft}>
        {product.published ? t('admin.products.published') : t('admin.products.draft')}
      </span>
      <button type="button" className={`${button.secondary} ${styles.edit}`} onClick={onEdit}>
        <EditIcon width={18} height={18} />
        {t('admin.edit.button')}
      </button>
    </div>
  );
}
