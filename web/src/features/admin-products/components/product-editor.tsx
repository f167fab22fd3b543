import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { MAX_COLORS, SIZES, type Color, type Product, type UpdateStock } from '@shop/contract';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { useErrorText, type ErrorWording } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/use-language';
import { PlusIcon } from '../../../components/icons/icons';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { updateProduct } from '../api/update-product';
import { updateStock } from '../api/update-stock';
import { ADMIN_FAILED, STOCK_FAILED } from '../../../lib/admin-errors';
import { colorField, useColorCardWiring } from '../lib/color-card-wiring';
import { draftOf, serverErrors } from '../lib/product-form';
import { stockChanged, stockDraftOf, stockField } from '../lib/stock-form';
import { useProductForm } from '../lib/use-product-form';
import { isDirty, UnsavedChangesGuard, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { AddColorDialog } from './add-color-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { DetailsFields } from './details-fields';
import { ColorCard } from './color-card';
import { ColorImages } from './color-images';
import { SizeFields } from './size-fields';
import { StockFields } from './stock-fields';
import { SalePanel } from './sale-panel';
import { SizeFitPanel } from './size-fit-panel';
import { SafetyPanel } from './safety-panel';
import { ReturnFlagsPanel } from './return-flags-panel';
import { RecallPanel } from './recall-panel';
import button from '../../../components/button/button.module.css';
import colorStyles from './color-card.module.css';
import form from '../../../components/form/form.module.css';
import styles from './product-editor.module.css';

interface EditedColor extends Color {
  image?: File | null | undefined;
  hover?: File | null | undefined;
}

/** Whether the colours differ from the product's: one removed, renamed, or with an image chosen. */
function colorsChanged(saved: readonly Color[], colors: readonly EditedColor[]): boolean {
  if (saved.some((color) => !colors.some((kept) => kept.id === color.id))) return true;
  return colors.some((color) => {
    const original = saved.find((candidate) => candidate.id === color.id);
    const renamed = original && (original.colorName !== color.colorName || original.colorNameBg !== color.colorNameBg);
    return Boolean(renamed || color.image || color.hover);
  });
}

interface ProductEditorProps {
  product: Product;
  /** Back to view mode (after a save, or to cancel). */
  onClose: () => void;
}

/**
 * The product page's Edit Product mode: texts in both languages, price, category, sizes and
 * colours (rename, remove, replace images, add through a modal). Nothing but a new colour is
 * written before Save; Cancel leaves the product as it was. Removing sizes that shoppers hold in
 * their carts or wishlists asks first (the server's SIZE_IN_USE), then saves again confirmed.
 */
export default function ProductEditorPage(props: ProductEditorProps) {
  // The product page is the shoppers'; its editor brings the admin's guard against leaving with
  // edits not saved, which each of its forms (this one and the panels below) reports to.
  return (
    <UnsavedChangesGuard>
      <ProductEditor {...props} />
    </UnsavedChangesGuard>
  );
}

function ProductEditor({ product, onClose }: ProductEditorProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const id = useId();
  const { mutate } = useSWRConfig();
  const savedSizes = SIZES.filter((size) => product.sizes.some((offered) => offered.size === size));
  const productForm = useProductForm(() => ({
    draft: draftOf(product, lang),
    sizes: savedSizes,
    stock: stockDraftOf(product),
  }));
  const { errors, summary, clear, setFieldError, show: showProblems, formRef, sizes, stock } = productForm;
  // Leaving the page with edits not saved asks first (the route's guard; issue 45).
  const [savedDraft] = useState(() => draftOf(product, lang));
  const [colors, setColors] = useState<EditedColor[]>(() => product.colors.map((color) => ({ ...color })));
  // The colours this editor has shown: one added in another tab meanwhile survives the save.
  const [known, setKnown] = useState<number[]>(() => product.colors.map((color) => color.id));
  // What the server said shoppers hold of the sizes being removed: asks before saving again.
  const [sizesInUse, setSizesInUse] = useState<ApiError['sizes'] | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const removed = product.colors.filter((color) => !colors.some((kept) => kept.id === color.id));
  useUnsavedChanges(
    isDirty(productForm.draft, savedDraft) ||
      sizes.join() !== savedSizes.join() ||
      stockChanged(product, stock) ||
      colorsChanged(product.colors, colors),
  );
  // Undo puts colours back where they were; colours added here stay last.
  const rank = (color: Color) => {
    const index = product.colors.findIndex((original) => original.id === color.id);
    return index < 0 ? product.colors.length + color.id : index;
  };
  const restoreOrder = (list: EditedColor[]) => [...list].sort((a, b) => rank(a) - rank(b));

  const colorCard = useColorCardWiring({
    errors,
    clear,
    setFieldError,
    update: (colorId, change) =>
      setColors((list) => list.map((color) => (color.id === colorId ? { ...color, ...change } : color))),
  });

  /** `colors.0.colorName`, `colorImage_{id}`, `colorHoverImage_{id}` → this form's fields. */
  function renameServerField(field: string): string {
    const name = /^colors\.(\d+)\.colorName$/.exec(field);
    if (name) {
      const color = colors[Number(name[1])];
      return color ? colorField(color.id, 'name') : field;
    }
    const image = /^color(Hover)?Image_(\d+)$/.exec(field);
    return image ? colorField(Number(image[2]), image[1] ? 'hover' : 'image') : field;
  }

  /** Checks and sends the form; `confirmSizeRemoval` once the admin agreed to remove sizes in use. */
  async function save(event?: React.FormEvent, confirmSizeRemoval = false) {
    event?.preventDefault();
    if (busy) return;
    const checked = productForm.check(colors.map((color) => ({ key: color.id, colorName: color.colorName })));
    const { details } = checked;
    const files = colors.flatMap((color) => [color.image, color.hover]);
    if (!productForm.readyToSend(checked, files) || !details) return;
    setBusy(true);
    clear();
    try {
      await updateProduct(product.id, {
        details,
        colors: colors.map((color) => ({
          id: color.id,
          colorName: color.colorName.trim(),
          colorNameBg: color.colorNameBg.trim(),
          image: color.image ?? undefined,
          hoverImage: color.hover ?? undefined,
        })),
        knownColors: known,
        sizes: sizes.join() === savedSizes.join() ? undefined : sizes,
        confirmSizeRemoval,
      });
    } catch (error) {
      setSizesInUse(null);
      if (isApiError(error) && error.code === 'SIZE_IN_USE' && !confirmSizeRemoval) {
        setBusy(false);
        setSizesInUse(error.sizes);
        return;
      }
      failed(error, renameServerField, ADMIN_FAILED);
      return;
    }
    setSizesInUse(null);
    const stockBody = stockChanged(product, stock) ? checked.stock : null;
    try {
      if (stockBody) await updateStock(product.id, stockBody);
    } catch (error) {
      // The details are saved; only the counts are left to fix and save again.
      void revalidateCatalog(mutate);
      failed(error, (field) => renameStockField(field, stockBody), STOCK_FAILED);
      return;
    }
    await revalidateCatalog(mutate);
    toast.success(t('admin.edit.saved'));
    onClose();
  }

  /** `stock.3.onHand` (the body's fourth entry) → that cell of the grid. */
  function renameStockField(field: string, body: UpdateStock | null): string {
    const index = /^stock\.(\d+)/.exec(field);
    const entry = index ? body?.stock[Number(index[1])] : undefined;
    return entry ? stockField(entry.colorId, entry.size) : field;
  }

  function failed(error: unknown, rename: (field: string) => string, wording: ErrorWording) {
    setBusy(false);
    if (!isApiError(error) || error.status === 0) {
      toast.error(t('admin.edit.error'));
      return;
    }
    toast.error(t('admin.edit.failed'));
    showProblems(error.status === 400 ? serverErrors(error.fields, t, rename) : {}, errorText(error, wording));
  }

  /** "Size M is in 2 shopping carts and 1 wishlist. If you remove it, …" */
  function sizesInUseText(held: ApiError['sizes']): string {
    const total = (list: 'carts' | 'wishlists') => held.reduce((sum, size) => sum + size[list], 0);
    return t('admin.sizes.confirmText', {
      count: held.length,
      sizes: held.map((size) => size.size).join(', '),
      carts: t('admin.sizes.carts', { count: total('carts') }),
      wishlists: t('admin.sizes.wishlists', { count: total('wishlists') }),
    });
  }

  function colorAdded(color: Color) {
    setColors((list) => [...list, color]);
    setKnown((ids) => [...ids, color.id]);
    setAdding(false);
    toast.success(t('admin.edit.colorAdded', { name: color.colorName }));
    void revalidateCatalog(mutate);
  }

  return (
    <>
      <form
        ref={formRef}
        className={styles.editor}
        onSubmit={save}
        noValidate
        aria-busy={busy}
        aria-labelledby={`${id}-title`}
      >
        <div className={styles.head}>
          <PageHeading
            variant="bar"
            eyebrow={t('admin.edit.eyebrow')}
            title={t('admin.edit.title', { name: product.name })}
            titleId={`${id}-title`}
          />
          <div className={styles.headActions}>
            <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
              {t('admin.edit.cancel')}
            </button>
            <button type="submit" className={button.primary} disabled={busy}>
              {busy ? t('admin.edit.saving') : t('admin.edit.save')}
            </button>
          </div>
        </div>

        {!product.published && <p className={styles.note}>{t('admin.edit.draftNote')}</p>}
        {summary && (
          <div className={form.summary} role="alert">
            {summary}
          </div>
        )}

        <DetailsFields
          draft={productForm.draft}
          errors={errors}
          disabled={busy}
          onChange={productForm.onDetailChange}
        />

        <SizeFields options={SIZES} {...productForm.sizeProps} hint={t('admin.sizes.hint')} disabled={busy} />

        <fieldset className={form.fieldset}>
          <legend className={form.legend}>{t('admin.form.colors')}</legend>
          <p className={form.hint}>{t('admin.edit.colorsHint')}</p>
          <ol className={colorStyles.list}>
            {colors.map((color, index) => (
              <ColorCard
                key={color.id}
                n={index + 1}
                {...colorCard(color.id, color)}
                removeLabel={t('admin.edit.removeColor', { name: color.colorName || index + 1 })}
                onRemove={
                  colors.length > 1
                    ? () => setColors((list) => list.filter((other) => other.id !== color.id))
                    : undefined
                }
                disabled={busy}
              >
                <ColorImages
                  productId={product.id}
                  color={color}
                  disabled={busy}
                  onChange={(saved) =>
                    setColors((list) => list.map((other) => (other.id === saved.id ? { ...other, ...saved } : other)))
                  }
                />
              </ColorCard>
            ))}
          </ol>
          {removed.length > 0 && (
            <p className={styles.removed} role="status">
              {t('admin.edit.removedNote', { names: removed.map((color) => color.colorName).join(', ') })}{' '}
              <button
                type="button"
                className={styles.undo}
                onClick={() => setColors((list) => restoreOrder([...list, ...removed.map((color) => ({ ...color }))]))}
              >
                {t('admin.edit.undoRemove')}
              </button>
            </p>
          )}
          <button
            type="button"
            className={`${button.secondary} ${colorStyles.add}`}
            disabled={busy || colors.length >= MAX_COLORS}
            onClick={() => setAdding(true)}
          >
            <PlusIcon width={18} height={18} />
            {t('admin.edit.addColor')}
          </button>
        </fieldset>

        <StockFields {...productForm.stockProps} colors={colors} saved={product.stock} disabled={busy} />

        {adding && <AddColorDialog productId={product.id} onAdded={colorAdded} onClose={() => setAdding(false)} />}
        {sizesInUse && (
          <ConfirmDialog
            title={t('admin.sizes.confirmTitle')}
            text={sizesInUseText(sizesInUse)}
            confirmLabel={t('admin.sizes.confirm')}
            busyLabel={t('admin.sizes.confirming')}
            busy={busy}
            onConfirm={() => void save(undefined, true)}
            onCancel={() => setSizesInUse(null)}
          />
        )}
      </form>
      {/* Its own form: a sale is set and ended at once, whatever the product form holds. */}
      <SalePanel product={product} />
      <SizeFitPanel product={product} />
      <SafetyPanel product={product} />
      <ReturnFlagsPanel product={product} />
      <RecallPanel product={product} />
    </>
  );
}
