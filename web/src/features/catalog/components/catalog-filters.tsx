import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, SIZES, type ProductSort, type Size } from '@shop/contract';
import { hasFilters, type CatalogFilters, type ColorChoice } from '../lib/filters';
import styles from './catalog-filters.module.css';

interface CatalogFiltersProps {
  filters: CatalogFilters;
  /** The catalogue's colours to choose from. */
  colors: ColorChoice[];
  /** How many products pass (shown beside the controls), or null while loading. */
  count: number | null;
  onChange: (next: CatalogFilters) => void;
}

const priceText = (value: number | null) => (value === null ? '' : String(value));
const parsePrice = (text: string): number | null | 'invalid' => {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  return /^\d{1,7}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : 'invalid';
};

/** Size, colour and price range, and the order: every change goes into the address (shared, reloaded, back). */
export function CatalogFiltersBar({ filters, colors, count, onChange }: CatalogFiltersProps) {
  const { t } = useTranslation();
  const ids = { color: useId(), min: useId(), max: useId(), sort: useId(), error: useId() };
  const [prices, setPrices] = useState({ min: priceText(filters.min), max: priceText(filters.max) });
  const [priceError, setPriceError] = useState(false);
  // The address changed under the fields (back, clear): they show it again.
  const [shown, setShown] = useState(filters);
  if (shown.min !== filters.min || shown.max !== filters.max) {
    setShown(filters);
    setPrices({ min: priceText(filters.min), max: priceText(filters.max) });
    setPriceError(false);
  }

  const toggleSize = (size: Size) =>
    onChange({
      ...filters,
      sizes: filters.sizes.includes(size)
        ? filters.sizes.filter((chosen) => chosen !== size)
        : SIZES.filter((candidate) => candidate === size || filters.sizes.includes(candidate)),
    });

  const commitPrices = () => {
    const min = parsePrice(prices.min);
    const max = parsePrice(prices.max);
    const invalid = min === 'invalid' || max === 'invalid' || (min !== null && max !== null && min > max);
    setPriceError(invalid);
    if (invalid || (min === filters.min && max === filters.max)) return;
    onChange({ ...filters, min, max });
  };

  return (
    <section className={styles.bar} aria-label={t('search.filters.title')}>
      <fieldset className={styles.sizes}>
        <legend className={styles.legend}>{t('search.filters.size')}</legend>
        {SIZES.map((size) => (
          <button
            key={size}
            type="button"
            className={styles.chip}
            aria-pressed={filters.sizes.includes(size)}
            onClick={() => toggleSize(size)}
          >
            {size}
          </button>
        ))}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={ids.color} className={styles.legend}>
          {t('search.filters.color')}
        </label>
        <select
          id={ids.color}
          className={styles.select}
          value={filters.color}
          onChange={(event) => onChange({ ...filters, color: event.target.value })}
        >
          <option value="">{t('search.filters.anyColor')}</option>
          {colors.map((color) => (
            <option key={color.value} value={color.value}>
              {color.label}
            </option>
          ))}
        </select>
      </div>

      <form
        className={styles.prices}
        onSubmit={(event) => {
          event.preventDefault();
          commitPrices();
        }}
      >
        {(['min', 'max'] as const).map((end) => (
          <div key={end} className={styles.field}>
            <label htmlFor={ids[end]} className={styles.legend}>
              {t(end === 'min' ? 'search.filters.priceFrom' : 'search.filters.priceTo')}
            </label>
            <input
              id={ids[end]}
              className={styles.price}
              inputMode="decimal"
              value={prices[end]}
              aria-invalid={priceError}
              aria-describedby={priceError ? ids.error : undefined}
              onChange={(event) => setPrices((was) => ({ ...was, [end]: event.target.value }))}
              onBlur={commitPrices}
            />
          </div>
        ))}
        {priceError && (
          <p id={ids.error} className={styles.error} role="alert">
            {t('search.filters.priceInvalid')}
          </p>
        )}
      </form>

      <div className={styles.field}>
        <label htmlFor={ids.sort} className={styles.legend}>
          {t('search.filters.sort')}
        </label>
        <select
          id={ids.sort}
          className={styles.select}
          value={filters.sort ?? ''}
          onChange={(event) => onChange({ ...filters, sort: (event.target.value || null) as ProductSort | null })}
        >
          <option value="">{t('search.filters.sorts.default')}</option>
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`search.filters.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>

      <div className={styles.summary}>
        {count !== null && (
          <p className={styles.count} role="status">
            {t('search.filters.showing', { count })}
          </p>
        )}
        {(hasFilters(filters) || filters.sort) && (
          <button
            type="button"
            className={styles.clear}
            onClick={() => onChange({ sizes: [], color: '', min: null, max: null, sort: null })}
          >
            {t('search.filters.clear')}
          </button>
        )}
      </div>
    </section>
  );
}
