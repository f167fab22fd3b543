import { useTranslation } from 'react-i18next';
import type { Sale } from '@shop/contract';
import { formatDayAndTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './price.module.css';

interface PriceProps {
  /** What the shopper pays now (the sale price during a sale). */
  price: number;
  /** The sale in force, as the api answers it (null or left out: none). */
  sale?: Sale | null | undefined;
  lang: string;
  currency: string | undefined;
  /** Words around the price now ("€21.00 each"); the prior price and the percentage follow them. */
  label?: (price: string) => string;
  /** Says when the sale ends, if it has an end (the product page). */
  showEnd?: boolean;
  /**
   * Names the struck prior price in plain sight ("Lowest price in the 30 days before the sale"),
   * not only to screen readers (the product page; issue 45).
   */
  explainPrior?: boolean;
  className?: string | undefined;
}

/**
 * A price as every shopper screen shows it. During a reduction (TRADE.md section 4; Directive
 * 98/6/EC Art. 6a): the price now, the prior price struck through, named for what the law makes
 * it (the lowest of the 30 days before the reduction), and the percentage off it. A sale that is
 * not lower than that prior price (`percentOff` 0) announces nothing: only the price shows.
 */
export function Price({ price, sale, lang, currency, label, showEnd, explainPrior, className }: PriceProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const money = (amount: number) => formatMoney(Number.isFinite(amount) ? amount : 0, lang, currency);
  const now = label ? label(money(price)) : money(price);
  const reduced = sale && sale.percentOff > 0 ? sale : null;
  const classes = [styles.price, reduced && styles.reduced, className].filter(Boolean).join(' ');
  if (!reduced) return <span className={classes}>{now}</span>;

  const prior = t('price.prior', { price: money(reduced.priorPrice) });
  // The end in the shopper's own clock: written after hydration, so the server's time zone never
  // differs from the browser's first render.
  const endsAt = showEnd && hydrated && reduced.endsAt ? new Date(reduced.endsAt) : null;
  return (
    <span className={classes}>
      <span className={styles.now}>
        <span className="visually-hidden">{t('price.salePrice')} </span>
        {now}
      </span>{' '}
      {explainPrior ? (
        <>
          <span className={styles.badge} aria-hidden="true">
            {t('price.percentOff', { percent: reduced.percentOff })}
          </span>
          <span className={styles.explained}>
            <span>{t('price.priorLabel')}</span> <del className={styles.prior}>{money(reduced.priorPrice)}</del>
            <span className="visually-hidden"> {t('price.percentOffSpoken', { percent: reduced.percentOff })}</span>
          </span>
        </>
      ) : (
        <>
          <del className={styles.prior} title={prior}>
            <span className="visually-hidden">{t('price.priorLabel')} </span>
            {money(reduced.priorPrice)}
          </del>{' '}
          <span className={styles.badge} aria-hidden="true">
            {t('price.percentOff', { percent: reduced.percentOff })}
          </span>
          <span className="visually-hidden">{t('price.percentOffSpoken', { percent: reduced.percentOff })}</span>
        </>
      )}
      {endsAt && (
        <span className={styles.ends}>
          {t('price.saleEnds', {
            date: formatDayAndTime(endsAt, lang),
          })}
        </span>
      )}
    </span>
  );
}
