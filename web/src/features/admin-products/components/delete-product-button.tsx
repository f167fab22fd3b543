import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { CloseIcon } from '../../../components/icons/icons';
import { isApiError } from '../../../lib/api-client';
import { deleteProduct } from '../api/delete-product';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { ensureToken } from '../../../lib/session-guard';
import { TrashIcon } from '../../../components/icons/admin-icons';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import table from '../../../components/table/table.module.css';
import styles from './delete-product-button.module.css';

interface DeleteProductButtonProps {
  productId: number;
  name: string;
  /** `cross`: the round × on a product card; `text`: a labelled button for tables. */
  variant?: 'cross' | 'text';
}

/** Delete after confirmation: "Product deleted successfully!" or "Failed to delete product.". */
export default function DeleteProductButton({ productId, name, variant = 'cross' }: DeleteProductButtonProps) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!ensureToken(t)) return;
    setBusy(true);
    try {
      await deleteProduct(productId);
      toast.success(t('admin.deleteProduct.success'));
    } catch (error) {
      // Already gone (another tab, another admin): what was asked for is done.
      if (isApiError(error) && error.status === 404) toast.success(t('admin.deleteProduct.success'));
      else toast.error(t('admin.deleteProduct.failed'));
    } finally {
      setBusy(false);
      setOpen(false);
      void revalidateCatalog(mutate);
    }
  }

  return (
    <>
      <button
        type="button"
        className={variant === 'cross' ? styles.cross : table.danger}
        aria-label={t('admin.deleteProduct.label', { name })}
        title={variant === 'cross' ? t('admin.deleteProduct.label', { name }) : undefined}
        onClick={() => setOpen(true)}
      >
        {variant === 'cross' ? <CloseIcon /> : <TrashIcon />}
        {variant === 'text' && <span>{t('admin.deleteProduct.short')}</span>}
      </button>
      {open && (
        <ConfirmDialog
          title={t('admin.deleteProduct.title')}
          text={t('admin.deleteProduct.text', { name })}
          confirmLabel={t('admin.deleteProduct.confirm')}
          busyLabel={t('admin.deleteProduct.deleting')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
