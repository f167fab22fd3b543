import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { colorNameIn, STOCK_MAX, type Color, type Size, type StockEntry } from '@shop/contract';
import { useLanguage } from '../../../lib/use-language';
import { cellValue, stockField, variantKey, type StockDraft } from '../lib/stock-form';
import type { FieldErrors } from '../lib/product-form';
import { Switch } from '../../../components/switch/switch';
import form from '../../../components/form/form.module.css';
import styles from './stock-fields.module.css';

interface StockFieldsProps {
  draft: StockDraft;
  colors: readonly Pick<Color, 'id' | 'colorName' | 'colorNameBg'>[];
  sizes: readonly Size[];
  /** The stock as the server last answered it: what checkouts hold and what is left (none yet: a new product). */
  saved?: readonly StockEntry[] | undefined;
  errors: FieldErrors;
  disabled?: boolean;
  onTrackedChange: (tracked: boolean) => void;
  onCountChange: (colorId: number, size: Size, value: string) => void;
}

/**
 * "Track stock" and the colour × size grid of what is on hand (docs/decisions/0021), with
 * what checkouts hold and what shoppers can still buy under each count. The grid scrolls sideways
 * on a phone, the colour column staying in view.
 */
export function StockFields({
  draft,
  colors,
  sizes,
  saved,
  errors,
  disabled,
  onTrackedChange,
  onCountChange,
}: StockFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const lang = useLanguage();
  const savedOf = (colorId: number, size: string) =>
    saved?.find((entry) => variantKey(entry.colorId, entry.size) === variantKey(colorId, size));
  const invalid = colors.some((color) => sizes.some((size) => errors[stockField(color.id, size)]));

  return (
    <fieldset className={form.fieldset}>
      <legend className={form.legend}>{t('adminStock.title')}</legend>
      <Switch checked={draft.tracked} disabled={disabled} onChange={onTrackedChange}>
        {t('adminStock.track')}
      </Switch>
      <p className={form.hint}>{draft.tracked ? t('adminStock.trackedHint') : t('adminStock.untrackedHint')}</p>

      {draft.tracked && (
        <>
          <div className={styles.scroller} role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
            <table className={styles.grid}>
              <caption id={`${id}-caption`} className={styles.caption}>
                {t('adminStock.caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminStock.color')}</th>
                  {sizes.map((size) => (
                    <th key={size} scope="col">
                      {size}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {colors.map((color) => (
                  <tr key={color.id}>
                    <th scope="row">{colorNameIn(color, lang)}</th>
                    {sizes.map((size) => {
                      const field = stockField(color.id, size);
                      const entry = savedOf(color.id, size);
                      const noteId = `${id}-${field}-note`;
                      return (
                        <td key={size}>
                          <input
                            name={field}
                            className={`${form.input} ${styles.count}`}
                            inputMode="numeric"
                            autoComplete="off"
                            maxLength={7}
                            value={cellValue(draft, color.id, size)}
                            disabled={disabled}
                            aria-label={t('adminStock.onHandFor', { color: colorNameIn(color, lang), size })}
                            aria-invalid={errors[field] ? true : undefined}
                            aria-describedby={saved ? noteId : undefined}
                            onChange={(event) => onCountChange(color.id, size, event.target.value)}
                          />
                          {saved && (
                            <span id={noteId} className={styles.note}>
                              {entry
                                ? t('adminStock.held', { reserved: entry.reserved ?? 0, available: entry.available })
                                : t('adminStock.new')}
                            </span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {invalid && (
            <p className={form.error} role="alert">
              {t('adminStock.errors.count', { max: STOCK_MAX.toLocaleString(lang === 'bg' ? 'bg-BG' : 'en-US') })}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
