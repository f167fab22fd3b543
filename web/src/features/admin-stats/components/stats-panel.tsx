import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { colorNameIn, itemNameIn } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { STATS_PERIODS, useStats, type StatsPeriod } from '../api/get-stats';
import { SalesChart } from './sales-chart';
import styles from './stats-panel.module.css';

interface StatsPanelProps {
  lang: string;
  /** The shop's currency (the server's settings); null until they are read. */
  currency: string | null;
}

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

/** Sales over a chosen period: the totals, revenue per day as a chart, best sellers and what is running out. */
export function StatsPanel({ lang, currency }: StatsPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [period, setPeriod] = useState<StatsPeriod>(30);
  const { data, error, isValidating } = useStats(period);
  const locale = LOCALES[lang] ?? 'en-GB';
  // A stats day is a calendar day (YYYY-MM-DD): read at noon UTC so no time zone moves it.
  const day = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} aria-busy={isValidating}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('adminStats.title')}
        </h2>
        <fieldset className={styles.periods}>
          <legend className="visually-hidden">{t('adminStats.period')}</legend>
          {STATS_PERIODS.map((days) => (
            <label key={days} className={styles.period}>
              <input
                type="radio"
                name={`${id}-period`}
                value={days}
                checked={period === days}
                onChange={() => setPeriod(days)}
              />
              <span>{t('adminStats.days', { count: days })}</span>
            </label>
          ))}
        </fieldset>
      </div>

      {error && !data ? (
        <p className={styles.problem} role="alert">
          {t('adminStats.loadError')}
        </p>
      ) : !data || !currency ? (
        <p className={styles.muted} role="status">
          {t('adminStats.loading')}
        </p>
      ) : (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>{t('adminStats.revenue')}</dt>
              <dd>{formatMoney(data.totals.revenue, lang, currency)}</dd>
            </div>
            <div>
              <dt>{t('adminStats.orders')}</dt>
              <dd>{data.totals.orders}</dd>
            </div>
            <div>
              <dt>{t('adminStats.averageOrder')}</dt>
              <dd>{formatMoney(data.totals.averageOrder, lang, currency)}</dd>
            </div>
            <div>
              <dt>{t('adminStats.toShip')}</dt>
              <dd>
                <Link to="/admin/orders?ship=due" className={styles.figureLink} title={t('adminStats.toShipHint')}>
                  {data.toShip}
                </Link>
              </dd>
            </div>
          </dl>

          <SalesChart days={data.days} money={(amount) => formatMoney(amount, lang, currency)} day={day} />

          <div className={styles.lists}>
            <div>
              <h3 className={styles.subtitle}>{t('adminStats.topProducts')}</h3>
              {data.topProducts.length === 0 ? (
                <p className={styles.muted}>{t('adminStats.noSales')}</p>
              ) : (
                <ol className={styles.list}>
                  {data.topProducts.map((product) => (
                    <li key={product.productId}>
                      <Link to={`/product/${product.productId}`}>{itemNameIn(product, lang)}</Link>
                      <span className={styles.muted}>
                        {t('adminStats.sold', {
                          count: product.quantity,
                          amount: formatMoney(product.revenue, lang, currency),
                        })}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
            <div>
              <h3 className={styles.subtitle}>{t('adminStats.lowStock')}</h3>
              {data.lowStock.length === 0 ? (
                <p className={styles.muted}>{t('adminStats.noLowStock')}</p>
              ) : (
                <ul className={styles.list}>
                  {data.lowStock.map((item) => (
                    <li key={`${item.productId}-${item.colorName}-${item.size}`}>
                      <Link to={`/product/${item.productId}`}>{itemNameIn(item, lang)}</Link>
                      <span className={item.available === 0 ? styles.out : styles.muted}>
                        {t('adminStats.left', {
                          color: colorNameIn(item, lang),
                          size: item.size,
                          count: item.available,
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {data.discountCodes.length > 0 && (
              <div>
                <h3 className={styles.subtitle}>{t('adminStats.discountCodes')}</h3>
                <ul className={styles.list}>
                  {data.discountCodes.map((code) => (
                    <li key={code.code}>
                      <span>{code.code}</span>
                      <span className={styles.muted}>
                        {t('adminStats.codeUsed', {
                          count: code.orders,
                          amount: formatMoney(code.amount, lang, currency),
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
