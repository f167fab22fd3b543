import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  readBody,
  suggestSize,
  type BodyField,
  type Fit,
  type Measurement,
  type Product,
  type SizeSuggestion,
} from '@shop/contract';
import { Field } from '../../../components/field/field';
import { formatNumber } from '../../../lib/format';
import button from '../../../components/button/button.module.css';
import { useLanguage } from '../../../lib/use-language';
import { useOverflowsX } from '../../../lib/use-overflows';
import facts from './product-facts.module.css';
import styles from './size-fit.module.css';

const COLUMNS = ['chestCm', 'waistCm', 'hipsCm', 'lengthCm', 'sleeveCm', 'inseamCm'] as const;

/**
 * Size and fit (TRADE.md section 5): the fit and its note, the model's height and size, the
 * garment's own measurements per size, the style code, and "Find my size" from that table.
 */
export function SizeFit({ product }: { product: Pick<Product, 'styleCode' | 'fit'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const headingId = useId();
  const hintId = useId();
  const tableWrap = useRef<HTMLDivElement>(null);
  // On a phone the measurements may run past the right edge: a fade there, a line saying so, and
  // the table focusable so a keyboard scrolls it too.
  const overflows = useOverflowsX(tableWrap);
  const { fit, styleCode } = product;
  const measurements = fit?.measurements ?? [];
  if (!styleCode && !fit?.type && !fit?.modelHeightCm && measurements.length === 0) return null;
  const note = fit?.note?.[lang === 'bg' ? 'bg' : 'en']?.trim();
  const columns = COLUMNS.filter((column) => measurements.some((row) => typeof row[column] === 'number'));

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('sizeFit.title')}
      </h2>
      {(fit?.type || note) && (
        <p className={styles.fitLine}>
          {fit?.type && <strong>{t(`sizeFit.type.${fit.type}`)}</strong>}
          {fit?.type && note && ': '}
          {note}
        </p>
      )}
      {fit?.modelHeightCm && fit.modelSize && (
        <p>{t('sizeFit.model', { height: fit.modelHeightCm, size: fit.modelSize })}</p>
      )}
      {columns.length > 0 && (
        <div
          ref={tableWrap}
          className={styles.tableWrap}
          data-overflows={overflows}
          {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': t('sizeFit.caption') } : {})}
          aria-describedby={overflows ? hintId : undefined}
        >
          <table className={`${facts.table} ${styles.table}`}>
            <caption>{t('sizeFit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sizeFit.size')}</th>
                {columns.map((column) => (
                  <th scope="col" key={column}>
                    {t(`sizeFit.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {measurements.map((row) => (
                <tr key={row.size}>
                  <th scope="row">{row.size}</th>
                  {columns.map((column) => (
                    <td key={column}>{formatCm(row, column, lang)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {columns.length > 0 && overflows && (
        <p id={hintId} className={styles.scrollHint}>
          {t('sizeFit.scrollHint')}
        </p>
      )}
      {styleCode && <p className={styles.styleCode}>{t('sizeFit.styleCode', { code: styleCode })}</p>}
      {columns.some((column) => column === 'chestCm' || column === 'waistCm') && <FindMySize fit={fit ?? null} />}
    </section>
  );
}

function formatCm(row: Measurement, column: (typeof COLUMNS)[number], lang: string): string {
  const value = row[column];
  return typeof value === 'number' ? formatNumber(value, lang) : '—';
}

/** Height and chest or waist in, the size the product's own table suggests out (contract `suggestSize`). */
export function FindMySize({ fit }: { fit: Fit | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [values, setValues] = useState<Record<BodyField, string>>({ heightCm: '', chestCm: '', waistCm: '' });
  const [errors, setErrors] = useState<Partial<Record<BodyField, string>>>({});
  const [suggestion, setSuggestion] = useState<SizeSuggestion | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));
    const read = readBody({
      heightCm: number(values.heightCm),
      chestCm: number(values.chestCm),
      waistCm: number(values.waistCm),
    });
    if ('wrong' in read) {
      setErrors(Object.fromEntries(read.wrong.map((name) => [name, t(`sizeFit.find.errors.${name}`)])));
      setSuggestion(null);
      return;
    }
    setErrors({});
    setSuggestion(suggestSize(fit, read.body));
  }

  const field = (name: BodyField) => ({
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form className={styles.find} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.findHeading}>
        {t('sizeFit.find.title')}
      </h3>
      <p className={styles.hint}>{t('sizeFit.find.hint')}</p>
      <div className={styles.fields}>
        <Field label={t('sizeFit.find.height')} {...field('heightCm')} />
        <Field label={t('sizeFit.find.chest')} {...field('chestCm')} />
        <Field label={t('sizeFit.find.waist')} {...field('waistCm')} />
      </div>
      <button type="submit" className={button.secondary}>
        {t('sizeFit.find.submit')}
      </button>
      <p className={styles.result} role="status">
        {suggestion &&
          (suggestion.size ? (
            <>
              <strong>{t('sizeFit.find.suggest', { size: suggestion.size })}</strong>
              {suggestion.between && (
                <>
                  {' '}
                  {t(`sizeFit.find.between.${suggestion.between.runs}`, {
                    smaller: suggestion.between.smaller,
                    larger: suggestion.between.larger,
                    size: suggestion.size,
                  })}
                </>
              )}
            </>
          ) : (
            <>
              <strong>{t('sizeFit.find.cannotTell')}</strong> {t(`sizeFit.find.reasons.${suggestion.reason}`)}
            </>
          ))}
      </p>
    </form>
  );
}
