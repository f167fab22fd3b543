import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, SIZES, type ProductSort, type Size } from '@shop/contract';
import { moneyInputText, parseMoneyInput } from '../../../components/field/money-input';
import { CloseIcon, FilterIcon } from '../../../components/icons/icons';
import { useLanguage } from '../../../lib/use-language';
import { inertAround } from '../../../components/modal/modal';
import { activeFilters, hasFilters, type CatalogFilters, type ColorChoice } from '../lib/filters';
import button from '../../../components/button/button.module.css';
import styles from './catalog-filters.module.css';

interface CatalogFiltersProps {
  filters: CatalogFilters;
  /** The catalogue's colours to choose from. */
  colors: ColorChoice[];
  /** How many products pass (shown beside the controls), or null while loading. */
  count: number | null;
  onChange: (next: CatalogFilters) => void;
}

/** A bound as its field shows it: whole amounts as typed (50), others as the language writes them (12,50). */
const priceText = (value: number | null, lang: string) =>
  value === null ? '' : Number.isInteger(value) ? String(value) : moneyInputText(value, lang);
/** A bound as the money field reads it: at most 7 digits before the decimal mark. */
const parsePrice = (text: string, lang: string): number | null | 'invalid' => {
  const read = parseMoneyInput(text, lang);
  if ('empty' in read) return null;
  return 'amount' in read && read.amount < 10_000_000 ? read.amount : 'invalid';
};

/**
 * Size, colour and price range, and the order: every change goes into the address (shared,
 * reloaded, back). On a phone they wait behind a "Filters" button, in a sheet over the page, so
 * the first screen shows the products.
 */
export function CatalogFiltersBar({ filters, colors, count, onChange }: CatalogFiltersProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const ids = { color: useId(), min: useId(), max: useId(), sort: useId(), error: useId(), sheet: useId() };
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const sheetRef = useRef<HTMLElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const active = activeFilters(filters);
  useFilterSheet(open, sheetRef, openerRef, close);
  const [prices, setPrices] = useState({ min: priceText(filters.min, lang), max: priceText(filters.max, lang) });
  const [priceError, setPriceError] = useState(false);
  // The address changed under the fields (back, clear): they show it again.
  const [shown, setShown] = useState(filters);
  if (shown.min !== filters.min || shown.max !== filters.max) {
    setShown(filters);
    setPrices({ min: priceText(filters.min, lang), max: priceText(filters.max, lang) });
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
    const min = parsePrice(prices.min, lang);
    const max = parsePrice(prices.max, lang);
    const invalid = min === 'invalid' || max === 'invalid' || (min !== null && max !== null && min > max);
    setPriceError(invalid);
    if (invalid || (min === filters.min && max === filters.max)) return;
    onChange({ ...filters, min, max });
  };

  return (
    <>
      <div className={styles.phoneBar}>
        <button
          ref={openerRef}
          type="button"
          className={styles.opener}
          aria-expanded={open}
          aria-controls={ids.sheet}
          onClick={() => setOpen(true)}
        >
          <FilterIcon width={18} height={18} />
          {t('search.filters.open')}
          {active > 0 && (
            <>
              {' '}
              <span className={styles.badge} aria-hidden="true">
                {active}
              </span>
              <span className="visually-hidden">{t('search.filters.active', { count: active })}</span>
            </>
          )}
        </button>
        {count !== null && <p className={styles.count}>{t('search.filters.showing', { count })}</p>}
      </div>

      <section
        ref={sheetRef}
        id={ids.sheet}
        className={styles.bar}
        data-open={open}
        aria-label={t('search.filters.title')}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        tabIndex={open ? -1 : undefined}
      >
        <div className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>{t('search.filters.title')}</h2>
          <button
            type="button"
            className={styles.sheetClose}
            aria-label={t('search.filters.close')}
            onClick={() => setOpen(false)}
          >
            <CloseIcon width={20} height={20} />
          </button>
        </div>

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

        <div className={styles.sheetFoot}>
          <button type="button" className={button.primary} onClick={() => setOpen(false)}>
            {count === null ? t('search.filters.close') : t('search.filters.apply', { count })}
          </button>
        </div>
      </section>
    </>
  );
}

/**
 * The phone's filter sheet while it is open: focus in it, the page behind inert and still,
 * Escape closes it, and focus goes back to the button that opened it.
 */
function useFilterSheet(
  open: boolean,
  sheet: React.RefObject<HTMLElement | null>,
  opener: React.RefObject<HTMLButtonElement | null>,
  close: () => void,
) {
  useEffect(() => {
    const element = sheet.current;
    const button = opener.current;
    if (!open || !element) return;
    element.focus();
    const undoInert = inertAround(element);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      undoInert();
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      button?.focus();
    };
  }, [open, sheet, opener, close]);
}
