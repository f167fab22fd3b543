import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { CREATE_FORM_SIZES, MAX_COLORS, type Size } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { CloseIcon, PlusIcon } from '../../../components/icons/icons';
import { createProduct } from '../api/create-product';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { apiMessage } from '../lib/api-message';
import { imageProblem, overRequestLimit } from '../lib/image-file';
import { EMPTY_DETAILS, parseDetails, serverErrors, type DetailsDraft, type FieldErrors } from '../lib/product-form';
import { ensureToken } from '../lib/session-guard';
import { DetailsFields } from './details-fields';
import { ImageField } from './image-field';
import button from '../../../components/button/button.module.css';
import form from './form.module.css';
import styles from './create-product-form.module.css';

interface ColorRow {
  key: number;
  colorName: string;
  image: File | null;
  hoverImage: File | null;
}

let nextKey = 0;
const newRow = (): ColorRow => ({ key: (nextKey += 1), colorName: '', image: null, hoverImage: null });
const rowField = (row: ColorRow, part: 'name' | 'image' | 'hover') => `color-${row.key}-${part}`;

/**
 * The two-language create form (spec section 5): texts, price, category, sizes S–XL (all four
 * chosen at first) and at least one colour with its image and hover image. Checked here with
 * the server's own rules, then sent as the spec's two calls; on success, to the new product.
 */
export function CreateProductForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState<DetailsDraft>(EMPTY_DETAILS);
  const [sizes, setSizes] = useState<Set<Size>>(() => new Set(CREATE_FORM_SIZES));
  const [colors, setColors] = useState<ColorRow[]>(() => [newRow()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const clear = (...fields: string[]) =>
    setErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  const updateRow = (key: number, change: Partial<ColorRow>) =>
    setColors((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function chooseImage(row: ColorRow, part: 'image' | 'hover', file: File | null) {
    const field = rowField(row, part);
    const problem = file && imageProblem(file);
    if (problem) {
      setErrors((current) => ({ ...current, [field]: t(`admin.form.errors.${problem}`) }));
      return;
    }
    clear(field);
    updateRow(row.key, part === 'image' ? { image: file } : { hoverImage: file });
  }

  function validate() {
    const { details, errors: found } = parseDetails(draft, t);
    if (sizes.size === 0) found.sizes = t('admin.form.errors.sizes');
    for (const row of colors) {
      if (!row.colorName.trim()) found[rowField(row, 'name')] = t('admin.form.errors.colorName');
      if (!row.image) found[rowField(row, 'image')] = t('admin.form.errors.image');
      if (!row.hoverImage) found[rowField(row, 'hover')] = t('admin.form.errors.hoverImage');
    }
    return { details, found };
  }

  /** Server field names → this form's: `colors.0.colorName`, `colorImage_0`, `colorHoverImage_0`. */
  function renameServerField(field: string): string {
    const match = /^(?:colors\.(\d+)\.colorName|color(Hover)?Image_(\d+))$/.exec(field);
    const row = match ? colors[Number(match[1] ?? match[3])] : undefined;
    if (!match || !row) return field;
    return rowField(row, match[1] !== undefined ? 'name' : match[2] ? 'hover' : 'image');
  }

  function showProblems(found: FieldErrors, message: string) {
    setErrors(found);
    setSummary(message);
    // The first field with a message takes focus, so a keyboard user lands on what to fix.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { details, found } = validate();
    if (Object.keys(found).length > 0 || !details) {
      showProblems(found, t('admin.form.errors.required'));
      return;
    }
    if (overRequestLimit(colors.flatMap((row) => [row.image, row.hoverImage]))) {
      showProblems({}, t('admin.form.errors.tooLarge'));
      return;
    }
    if (!ensureToken(t)) return;

    setBusy(true);
    setSummary(null);
    try {
      const id = await createProduct({
        details,
        sizes: CREATE_FORM_SIZES.filter((size) => sizes.has(size)),
        colors: colors.map((row) => ({
          colorName: row.colorName.trim(),
          image: row.image!,
          hoverImage: row.hoverImage!,
        })),
      });
      void revalidateCatalog(mutate);
      toast.success(t('admin.create.published'));
      navigate(`/product/${id}`);
    } catch (error) {
      toast.error(t('admin.create.failed'));
      const fields = isApiError(error) && error.status === 400 ? error.fields : {};
      showProblems(serverErrors(fields, t, renameServerField), apiMessage(error, t));
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
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

      <fieldset className={form.fieldset} aria-describedby={errors.sizes ? 'sizes-error' : undefined}>
        <legend className={form.legend}>{t('admin.form.sizes')}</legend>
        <div className={styles.sizes}>
          {CREATE_FORM_SIZES.map((size) => (
            <label key={size} className={styles.size}>
              <input
                type="checkbox"
                checked={sizes.has(size)}
                disabled={busy}
                onChange={(event) => {
                  const next = new Set(sizes);
                  if (event.target.checked) next.add(size);
                  else next.delete(size);
                  setSizes(next);
                  clear('sizes');
                }}
              />
              <span>{size}</span>
            </label>
          ))}
        </div>
        {errors.sizes && (
          <p id="sizes-error" className={form.error}>
            {errors.sizes}
          </p>
        )}
      </fieldset>

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('admin.form.colors')}</legend>
        <p className={form.hint}>{t('admin.form.imageHint')}</p>
        <ol className={styles.colors}>
          {colors.map((row, index) => {
            const nameField = rowField(row, 'name');
            return (
              <li key={row.key} className={styles.color}>
                <div className={styles.colorHead}>
                  <h3 className={styles.colorTitle}>{t('admin.form.colorRow', { n: index + 1 })}</h3>
                  <button
                    type="button"
                    className={styles.remove}
                    disabled={busy || colors.length === 1}
                    aria-label={t('admin.form.removeColor', { n: index + 1 })}
                    title={colors.length === 1 ? t('admin.form.keepOneColor') : undefined}
                    onClick={() => {
                      setColors((rows) => rows.filter((other) => other.key !== row.key));
                      clear(nameField, rowField(row, 'image'), rowField(row, 'hover'));
                    }}
                  >
                    <CloseIcon />
                  </button>
                </div>
                <div className={form.field}>
                  <label htmlFor={nameField} className={form.label}>
                    {t('admin.form.colorName')}{' '}
                    <span className={form.required} aria-hidden="true">
                      *
                    </span>
                  </label>
                  <input
                    id={nameField}
                    className={form.input}
                    value={row.colorName}
                    maxLength={60}
                    required
                    disabled={busy}
                    autoComplete="off"
                    aria-invalid={errors[nameField] ? true : undefined}
                    aria-describedby={errors[nameField] ? `${nameField}-error` : undefined}
                    onChange={(event) => {
                      updateRow(row.key, { colorName: event.target.value });
                      clear(nameField);
                    }}
                  />
                  {errors[nameField] && (
                    <p id={`${nameField}-error`} className={form.error}>
                      {errors[nameField]}
                    </p>
                  )}
                </div>
                <div className={styles.images}>
                  <ImageField
                    label={t('admin.form.image')}
                    file={row.image}
                    error={errors[rowField(row, 'image')]}
                    disabled={busy}
                    required
                    onChange={(file) => chooseImage(row, 'image', file)}
                  />
                  <ImageField
                    label={t('admin.form.hoverImage')}
                    file={row.hoverImage}
                    error={errors[rowField(row, 'hover')]}
                    disabled={busy}
                    required
                    onChange={(file) => chooseImage(row, 'hover', file)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className={`${button.secondary} ${styles.addColor}`}
          disabled={busy || colors.length >= MAX_COLORS}
          onClick={() => setColors((rows) => [...rows, newRow()])}
        >
          <PlusIcon width={18} height={18} />
          {t('admin.form.addColor')}
        </button>
      </fieldset>

      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('admin.create.submitting') : t('admin.create.submit')}
        </button>
      </div>
    </form>
  );
}
