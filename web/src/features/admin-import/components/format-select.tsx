import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_FORMATS, type CatalogueFormat } from '@shop/contract';
import form from '../../../components/form/form.module.css';

/** The catalogue file's format (this shop's, WooCommerce's, Shopify's), for the import and the export; `hint` under it. */
export function FormatSelect({
  value,
  onChange,
  hint,
}: {
  value: CatalogueFormat;
  onChange: (format: CatalogueFormat) => void;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <label className={form.field}>
      <span className={form.label}>{t('adminImport.form.format')}</span>
      <select
        className={form.select}
        value={value}
        onChange={(event) => onChange(event.target.value as CatalogueFormat)}
      >
        {CATALOGUE_FORMATS.map((name) => (
          <option key={name} value={name}>
            {t(`adminImport.formats.${name}`)}
          </option>
        ))}
      </select>
      {hint && <span className={form.hint}>{hint}</span>}
    </label>
  );
}
