import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { MAX_COLORS, type Color, type Product } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { CloseIcon, PlusIcon } from '../../../components/icons/icons';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { updateProduct } from '../api/update-product';
import { apiMessage } from '../lib/api-message';
import { imageProblem, overRequestLimit } from '../lib/image-file';
import { draftOf, parseDetails, serverErrors, type DetailsDraft, type FieldErrors } from '../lib/product-form';
import { ensureToken } from '../lib/session-guard';
import { AddColorDialog } from './add-color-dialog';
import { DetailsFields } from './details-fields';
import { ImageField } from './image-field';
import button from '../../../components/button/button.module.css';
import form from './form.module.css';
import styles from './product-editor.module.css';

interface EditedColor extends Color {
  image?: File | undefined;
  hover?: File | undefined;
}

interface ProductEditorProps {
  product: Product;
  /** Back to view mode; `saved` when the product changed on the server. */
  onClose: (saved: boolean) => void;
}

const colorField = (id: number, part: 'name' | 'image' | 'hover') => `color-${id}-${part}`;

/**
 * The product page's Edit Product mode: texts in both languages, price, category and colours
 * (rename, reorder-free removal, new images, new colours through a modal). Nothing but a new
 * colour is written before Save; Cancel leaves the product as it was.
 */
export default function ProductEditor({ product, onClose }: ProductEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState<DetailsDraft>(() => draftOf(product));
  const [colors, setColors] = useState<EditedColor[]>(() => product.colors.map((color) => ({ ...color })));
  // The colours this editor has shown: one added in another tab meanwhile survives the save.
  const [known, setKnown] = useState<number[]>(() => product.colors.map((color) => color.id));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const removed = product.colors.filter((color) => !colors.some((kept) => kept.id === color.id));
  // Undo puts colours back where they were; colours added here stay last.
  const rank = (color: Color) => {
    const index = product.colors.findIndex((original) => original.id === color.id);
    return index < 0 ? product.colors.length + color.id : index;
  };
  const restoreOrder = (list: EditedColor[]) => [...list].sort((a, b) => rank(a) - rank(b));

  const clear = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  const updateColor = (colorId: number, change: Partial<EditedColor>) =>
    setColors((list) => list.map((color) => (color.id === colorId ? { ...color, ...change } : color)));

  function chooseImage(color: EditedColor, part: 'image' | 'hover', file: File | null) {
    const field = colorField(color.id, part);
    const problem = file && imageProblem(file);
    if (problem) {
      setErrors((current) => ({ ...current, [field]: t(`admin.form.errors.${problem}`) }));
      return;
    }
    clear(field);
    updateColor(color.id, part === 'image' ? { image: file ?? undefined } : { hover: file ?? undefined });
  }

  function showProblems(found: FieldErrors, message: string) {
    setErrors(found);
    setSummary(message);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

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

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { details, errors: found } = parseDetails(draft, t);
    for (const color of colors) {
      if (!color.colorName.trim()) found[colorField(color.id, 'name')] = t('admin.form.errors.colorName');
    }
    if (!details || Object.keys(found).length > 0) {
      showProblems(found, t('admin.form.errors.required'));
      return;
    }
    if (overRequestLimit(colors.flatMap((color) => [color.image, color.hover]))) {
      showProblems({}, t('admin.form.errors.tooLarge'));
      return;
    }
    if (!ensureToken(t)) return;
    setBusy(true);
    setSummary(null);
    try {
      await updateProduct(product.id, {
        details,
        colors: colors.map((color) => ({
          id: color.id,
          colorName: color.colorName.trim(),
          image: color.image,
          hoverImage: color.hover,
        })),
        knownColors: known,
      });
      await revalidateCatalog(mutate);
      toast.success(t('admin.edit.saved'));
      onClose(true);
    } catch (error) {
      setBusy(false);
      if (!isApiError(error) || error.status === 0) {
        toast.error(t('admin.edit.error'));
        return;
      }
      toast.error(t('admin.edit.failed'));
      showProblems(error.status === 400 ? serverErrors(error.fields, t, renameServerField) : {}, apiMessage(error, t));
    }
  }

  function colorAdded(color: Color) {
    setColors((list) => [...list, color]);
    setKnown((ids) => [...ids, color.id]);
    setAdding(false);
    toast.success(t('admin.edit.colorAdded', { name: color.colorName }));
    void revalidateCatalog(mutate);
  }

  return (
    <form
      ref={formRef}
      className={styles.editor}
      onSubmit={save}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <div className={styles.head}>
        <div>
          <p className={styles.eyebrow}>{t('admin.edit.eyebrow')}</p>
          <h1 id={`${id}-title`} className={styles.title}>
            {t('admin.edit.title', { name: product.name })}
          </h1>
        </div>
        <div className={styles.headActions}>
          <button type="button" className={button.secondary} onClick={() => onClose(false)} disabled={busy}>
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
        draft={draft}
        errors={errors}
        disabled={busy}
        onChange={(field, value) => {
          setDraft((current) => ({ ...current, [field]: value }));
          clear(field);
        }}
      />

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('admin.form.colors')}</legend>
        <p className={form.hint}>{t('admin.edit.colorsHint')}</p>
        <ol className={styles.colors}>
          {colors.map((color, index) => {
            const nameField = colorField(color.id, 'name');
            return (
              <li key={color.id} className={styles.color}>
                <div className={styles.colorHead}>
                  <h3 className={styles.colorTitle}>{t('admin.form.colorRow', { n: index + 1 })}</h3>
                  <button
                    type="button"
                    className={styles.remove}
                    disabled={busy || colors.length === 1}
                    aria-label={t('admin.edit.removeColor', { name: color.colorName || index + 1 })}
                    title={colors.length === 1 ? t('admin.form.keepOneColor') : undefined}
                    onClick={() => setColors((list) => list.filter((other) => other.id !== color.id))}
                  >
                    <CloseIcon />
                  </button>
                </div>
                <div className={form.field}>
                  <label htmlFor={`${id}-${nameField}`} className={form.label}>
                    {t('admin.form.colorName')}{' '}
                    <span className={form.required} aria-hidden="true">
                      *
                    </span>
                  </label>
                  <input
                    id={`${id}-${nameField}`}
                    className={form.input}
                    value={color.colorName}
                    maxLength={60}
                    required
                    disabled={busy}
                    autoComplete="off"
                    aria-invalid={errors[nameField] ? true : undefined}
                    aria-describedby={errors[nameField] ? `${id}-${nameField}-error` : undefined}
                    onChange={(event) => {
                      updateColor(color.id, { colorName: event.target.value });
                      clear(nameField);
                    }}
                  />
                  {errors[nameField] && (
                    <p id={`${id}-${nameField}-error`} className={form.error}>
                      {errors[nameField]}
                    </p>
                  )}
                </div>
                <div className={styles.images}>
                  <ImageField
                    label={t('admin.form.image')}
                    file={color.image}
                    currentUrl={color.imageUrl}
                    error={errors[colorField(color.id, 'image')]}
                    disabled={busy}
                    onChange={(file) => chooseImage(color, 'image', file)}
                  />
                  <ImageField
                    label={t('admin.form.hoverImage')}
                    file={color.hover}
                    currentUrl={color.hoverImage}
                    error={errors[colorField(color.id, 'hover')]}
                    disabled={busy}
                    onChange={(file) => chooseImage(color, 'hover', file)}
                  />
                </div>
              </li>
            );
          })}
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
          className={`${button.secondary} ${styles.addColor}`}
          disabled={busy || colors.length >= MAX_COLORS}
          onClick={() => setAdding(true)}
        >
          <PlusIcon width={18} height={18} />
          {t('admin.edit.addColor')}
        </button>
      </fieldset>

      {adding && <AddColorDialog productId={product.id} onAdded={colorAdded} onClose={() => setAdding(false)} />}
    </form>
  );
}
