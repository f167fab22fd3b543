import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { CREATE_FORM_SIZES, MAX_COLORS, type Size } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { PlusIcon } from '../../../components/icons/icons';
import { createProduct } from '../api/create-product';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { ADMIN_FAILED } from '../lib/admin-errors';
import { colorField, useColorCardWiring, type ColorPart } from '../lib/color-card-wiring';
import { overRequestLimit } from '../lib/image-file';
import { EMPTY_DETAILS, parseDetails, serverErrors, type DetailsDraft } from '../lib/product-form';
import { ensureToken } from '../lib/session-guard';
import { useFormProblems } from '../lib/use-form-problems';
import { DetailsFields } from './details-fields';
import { ColorCard } from './color-card';
import { SizeFields } from './size-fields';
import button from '../../../components/button/button.module.css';
import colorStyles from './color-card.module.css';
import form from './form.module.css';
import styles from './create-product-form.module.css';

interface ColorRow {
  key: number;
  colorName: string;
  colorNameBg: string;
  image: File | null;
  hover: File | null;
}

let nextKey = 0;
const newRow = (): ColorRow => ({ key: (nextKey += 1), colorName: '', colorNameBg: '', image: null, hover: null });
const rowField = (row: ColorRow, part: ColorPart) => colorField(row.key, part);

/**
 * The two-language create form (spec section 5): texts, price, category, sizes S–XL (all four
 * chosen at first) and at least one colour with its image and hover image. Checked here with
 * the server's own rules, then sent as the spec's two calls; on success, to the new product.
 */
export function CreateProductForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState<DetailsDraft>(EMPTY_DETAILS);
  const [sizes, setSizes] = useState<Set<Size>>(() => new Set(CREATE_FORM_SIZES));
  const [colors, setColors] = useState<ColorRow[]>(() => [newRow()]);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, setFieldError, show: showProblems } = useFormProblems(formRef);

  const colorCard = useColorCardWiring({
    errors,
    clear,
    setFieldError,
    update: (key, change) => setColors((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row))),
  });

  function validate() {
    const { details, errors: found } = parseDetails(draft, t);
    if (sizes.size === 0) found.sizes = t('admin.form.errors.sizes');
    for (const row of colors) {
      if (!row.colorName.trim()) found[rowField(row, 'name')] = t('admin.form.errors.colorName');
      if (!row.image) found[rowField(row, 'image')] = t('admin.form.errors.image');
      if (!row.hover) found[rowField(row, 'hover')] = t('admin.form.errors.hoverImage');
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

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { details, found } = validate();
    if (Object.keys(found).length > 0 || !details) {
      showProblems(found, t('admin.form.errors.required'));
      return;
    }
    if (overRequestLimit(colors.flatMap((row) => [row.image, row.hover]))) {
      showProblems({}, t('admin.form.errors.tooLarge'));
      return;
    }
    if (!ensureToken(t)) return;

    setBusy(true);
    clear();
    try {
      const id = await createProduct({
        details,
        sizes: CREATE_FORM_SIZES.filter((size) => sizes.has(size)),
        colors: colors.map((row) => ({
          colorName: row.colorName.trim(),
          colorNameBg: row.colorNameBg.trim(),
          image: row.image!,
          hoverImage: row.hover!,
        })),
      });
      void revalidateCatalog(mutate);
      toast.success(t('admin.create.published'));
      void navigate(`/product/${id}`);
    } catch (error) {
      toast.error(t('admin.create.failed'));
      const fields = isApiError(error) && error.status === 400 ? error.fields : {};
      showProblems(serverErrors(fields, t, renameServerField), errorText(error, ADMIN_FAILED));
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

      <SizeFields
        options={CREATE_FORM_SIZES}
        chosen={sizes}
        error={errors.sizes}
        disabled={busy}
        onToggle={(size, on) => {
          const next = new Set(sizes);
          if (on) next.add(size);
          else next.delete(size);
          setSizes(next);
          clear('sizes');
        }}
      />

      <fieldset className={form.fieldset}>
        <legend className={form.legend}>{t('admin.form.colors')}</legend>
        <p className={form.hint}>{t('admin.form.imageHint')}</p>
        <ol className={colorStyles.list}>
          {colors.map((row, index) => (
            <ColorCard
              key={row.key}
              n={index + 1}
              {...colorCard(row.key, row)}
              imagesRequired
              removeLabel={t('admin.form.removeColor', { n: index + 1 })}
              onRemove={
                colors.length > 1
                  ? () => {
                      setColors((rows) => rows.filter((other) => other.key !== row.key));
                      clear(rowField(row, 'name'), rowField(row, 'image'), rowField(row, 'hover'));
                    }
                  : undefined
              }
              disabled={busy}
            />
          ))}
        </ol>
        <button
          type="button"
          className={`${button.secondary} ${colorStyles.add}`}
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
