import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { colorNameIn, FIT_TYPES, SIZES, type Product, type Size } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useFormProblems } from '../../../lib/use-form-problems';
import { useLanguage } from '../../../lib/use-language';
import { saveDetails } from '../api/details';
import { revalidateCatalog } from '../api/revalidate-catalog';
import {
  derivedSkuOf,
  MEASURE_COLUMNS,
  parseSizeFit,
  skuKey,
  sizeFitDraftOf,
  sizeFitServerErrors,
  type MeasureColumn,
  type SizeFitDraft,
  type SizeFitField,
} from '../lib/size-fit-form';
import form from '../../../components/form/form.module.css';
import { DataTable } from '../../../components/table/data-table';
import { useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { EditorPanel } from './editor-panel';
import styles from './size-fit-panel.module.css';

/**
 * The editor's Size & fit panel (TRADE.md section 5): the style code, the fit and its note in both
 * languages, the model's height and size, and the garment's measurements per size, saved on their
 * own through PUT /admin/products/{id}/details; the API's refusals shown beside their fields.
 */
export function SizeFitPanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, show } = useFormProblems<SizeFitField>(formRef);
  const [draft, setDraft] = useState<SizeFitDraft>(() => sizeFitDraftOf(product));
  // What was last loaded or saved: leaving with other edits asks first (its measurements are nested).
  const [saved, setSaved] = useState(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(saved));
  const [busy, setBusy] = useState(false);
  const sizes = [...product.sizes].map(({ size }) => size).sort((a, b) => SIZES.indexOf(a) - SIZES.indexOf(b));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, errors: found } = parseSizeFit(draft, t);
    if (!body) {
      show(found, null);
      return;
    }
    setBusy(true);
    clear();
    try {
      await saveDetails(product.id, body);
    } catch (error) {
      setBusy(false);
      toast.error(t('admin.sizeFit.failed'));
      if (isApiError(error) && (error.status === 400 || error.status === 409) && Object.keys(error.fields).length > 0) {
        show(
          sizeFitServerErrors(error.fields, body.fit?.measurements ?? [], t, error.status, body.variants ?? []),
          null,
        );
      } else show({}, errorText(error, ADMIN_FAILED));
      return;
    }
    setSaved(draft);
    await revalidateCatalog(mutate);
    setBusy(false);
    toast.success(t('admin.sizeFit.saved'));
  }

  const described = (name: SizeFitField) => (errors[name] ? `${id}-${name}-error` : undefined);
  const errorLine = (name: SizeFitField) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className={form.error}>
        {errors[name]}
      </p>
    );
  const set = (patch: Partial<SizeFitDraft>, field: SizeFitField) => {
    setDraft((current) => ({ ...current, ...patch }));
    clear(field);
  };
  const text = (name: 'styleCode' | 'noteEn' | 'noteBg' | 'modelHeightCm', label: string, inputMode?: 'decimal') => (
    <div className={form.field}>
      <label htmlFor={`${id}-${name}`} className={form.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={form.input}
        value={draft[name]}
        inputMode={inputMode}
        autoComplete="off"
        disabled={busy}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name)}
        onChange={(event) => set({ [name]: event.target.value }, name)}
      />
      {errorLine(name)}
    </div>
  );
  const setCell = (size: Size, column: MeasureColumn, value: string) => {
    setDraft((current) => ({
      ...current,
      measurements: {
        ...current.measurements,
        [size]: { ...current.measurements[size]!, [column]: value },
      },
    }));
    clear(`m.${size}.${column}`);
  };
  const setSku = (key: string, value: string) => {
    setDraft((current) => ({ ...current, skus: { ...current.skus, [key]: value } }));
    clear(`sku.${key}`);
  };

  return (
    <EditorPanel
      title={t('admin.sizeFit.title')}
      hint={t('admin.sizeFit.hint')}
      formRef={formRef}
      onSubmit={submit}
      summary={summary}
      submitLabel={busy ? t('admin.sizeFit.saving') : t('admin.sizeFit.save')}
      busy={busy}
    >
      <div className={styles.fields}>
        {text('styleCode', t('admin.sizeFit.styleCode'))}
        <div className={form.field}>
          <label htmlFor={`${id}-type`} className={form.label}>
            {t('admin.sizeFit.type')}
          </label>
          <select
            id={`${id}-type`}
            className={form.input}
            value={draft.type}
            disabled={busy}
            onChange={(event) => set({ type: event.target.value as SizeFitDraft['type'] }, 'type')}
          >
            <option value="">{t('admin.sizeFit.noType')}</option>
            {FIT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`sizeFit.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {text('noteEn', t('admin.sizeFit.noteEn'))}
        {text('noteBg', t('admin.sizeFit.noteBg'))}
        {text('modelHeightCm', t('admin.sizeFit.modelHeight'), 'decimal')}
        <div className={form.field}>
          <label htmlFor={`${id}-modelSize`} className={form.label}>
            {t('admin.sizeFit.modelSize')}
          </label>
          <select
            id={`${id}-modelSize`}
            className={form.input}
            value={draft.modelSize}
            disabled={busy}
            aria-invalid={errors.modelSize ? true : undefined}
            aria-describedby={described('modelSize')}
            onChange={(event) => set({ modelSize: event.target.value as SizeFitDraft['modelSize'] }, 'modelSize')}
          >
            <option value="">{t('admin.sizeFit.noModelSize')}</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          {errorLine('modelSize')}
        </div>
      </div>

      <DataTable
        className={styles.grid}
        caption={t('admin.sizeFit.measurements')}
        captionClassName=""
        columns={[
          { label: t('sizeFit.size') },
          ...MEASURE_COLUMNS.map((column) => ({ key: column, label: t(`sizeFit.columns.${column}`) })),
        ]}
      >
        {sizes.map((size) => (
          <tr key={size}>
            <th scope="row">{size}</th>
            {MEASURE_COLUMNS.map((column) => {
              const name = `m.${size}.${column}`;
              return (
                <td key={column}>
                  <input
                    className={`${form.input} ${styles.cell}`}
                    aria-label={t('admin.sizeFit.cell', { size, column: t(`sizeFit.columns.${column}`) })}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.measurements[size]?.[column] ?? ''}
                    disabled={busy}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={described(name)}
                    onChange={(event) => setCell(size, column, event.target.value)}
                  />
                  {errorLine(name)}
                </td>
              );
            })}
          </tr>
        ))}
      </DataTable>
      {product.colors.length > 0 && sizes.length > 0 && (
        <DataTable
          className={styles.grid}
          caption={t('admin.sizeFit.skus')}
          captionClassName=""
          columns={[{ label: t('admin.sizeFit.color') }, ...sizes.map((size) => ({ key: size, label: size }))]}
        >
          {product.colors.map((color) => (
            <tr key={color.id}>
              <th scope="row">{colorNameIn(color, lang)}</th>
              {sizes.map((size) => {
                const key = skuKey(color.id, size);
                const name = `sku.${key}`;
                return (
                  <td key={size}>
                    <input
                      className={`${form.input} ${styles.sku}`}
                      aria-label={t('admin.sizeFit.skuFor', { color: colorNameIn(color, lang), size })}
                      placeholder={derivedSkuOf(draft.styleCode, color, size)}
                      autoComplete="off"
                      value={draft.skus[key] ?? ''}
                      disabled={busy}
                      aria-invalid={errors[name] ? true : undefined}
                      aria-describedby={described(name)}
                      onChange={(event) => setSku(key, event.target.value)}
                    />
                    {errorLine(name)}
                  </td>
                );
              })}
            </tr>
          ))}
        </DataTable>
      )}
    </EditorPanel>
  );
}
