import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { CAMPAIGN_PRODUCTS_MAX } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { adminProductsKey } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';
import form from '../../../components/form/form.module.css';
import styles from './campaign-editor.module.css';

interface ProductPickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
  error?: string | undefined;
}

/** Up to CAMPAIGN_PRODUCTS_MAX products, found by name, shown in the mail in the order they were ticked. */
export function ProductPicker({ value, onChange, disabled, error }: ProductPickerProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const { data: products } = useSWR<ApiAnswer<'GET /admin/products'>>(adminProductsKey(lang), {
    keepPreviousData: true,
  });
  const [query, setQuery] = useState('');
  const full = value.length >= CAMPAIGN_PRODUCTS_MAX;
  const found = (products ?? []).filter(
    (product) => product.published && product.name.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const toggle = (productId: number, on: boolean) =>
    onChange(on ? [...value, productId] : value.filter((other) => other !== productId));

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : `${id}-count`}>
      <legend className={form.label}>{t('adminCampaigns.form.products')}</legend>
      <p id={`${id}-count`} className={form.hint}>
        {t('adminCampaigns.form.productsCount', { count: value.length, max: CAMPAIGN_PRODUCTS_MAX })}
      </p>
      <input
        type="search"
        className={form.input}
        value={query}
        aria-label={t('adminCampaigns.form.productsSearch')}
        placeholder={t('adminCampaigns.form.productsSearch')}
        disabled={disabled}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className={styles.products}>
        {found.slice(0, 40).map((product) => {
          const checked = value.includes(product.id);
          return (
            <li key={product.id}>
              <label className={styles.product}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled || (full && !checked)}
                  onChange={(event) => toggle(product.id, event.target.checked)}
                />
                <img src={product.imageUrl} alt="" width={40} height={50} loading="lazy" />
                <span>{product.name}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={`${id}-error`} className={form.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
