import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stats } from '@shop/contract';
import styles from './sales-chart.module.css';

interface SalesChartProps {
  days: Stats['days'];
  money: (amount: number) => string;
  day: (date: string) => string;
}

const WIDTH = 720;
const HEIGHT = 200;

/**
 * Revenue per day as bars. The picture is one image to a screen reader, named with what it
 * shows and its highest day; the same figures are a table under "Show the figures".
 */
export function SalesChart({ days, money, day }: SalesChartProps) {
  const { t } = useTranslation();
  const id = useId();
  const max = Math.max(0, ...days.map((entry) => entry.revenue));
  const best = days.find((entry) => entry.revenue === max && max > 0);
  const slot = WIDTH / Math.max(1, days.length);
  const gap = days.length > 60 ? 0 : Math.min(4, slot * 0.2);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        <span className={styles.max} aria-hidden="true">
          {money(max)}
        </span>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <title id={`${id}-title`}>{t('adminStats.chartTitle', { count: days.length })}</title>
          <desc id={`${id}-desc`}>
            {best
              ? t('adminStats.chartBest', { day: day(best.date), amount: money(best.revenue) })
              : t('adminStats.chartEmpty')}
          </desc>
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className={styles.axis} />
          {days.map((entry, index) => {
            const height = max > 0 ? Math.max(entry.revenue > 0 ? 2 : 0, (entry.revenue / max) * (HEIGHT - 8)) : 0;
            return (
              <rect
                key={entry.date}
                x={index * slot + gap / 2}
                y={HEIGHT - height}
                width={Math.max(0.5, slot - gap)}
                height={height}
                className={styles.bar}
              >
                <title>
                  {t('adminStats.barTitle', {
                    day: day(entry.date),
                    amount: money(entry.revenue),
                    count: entry.orders,
                  })}
                </title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <figcaption className={styles.dates} aria-hidden="true">
          <span>{day(first.date)}</span>
          <span>{day(last.date)}</span>
        </figcaption>
      )}
      <details className={styles.details}>
        <summary>{t('adminStats.showTable')}</summary>
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('adminStats.day')}</th>
                <th scope="col">{t('adminStats.orders')}</th>
                <th scope="col">{t('adminStats.revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((entry) => (
                <tr key={entry.date}>
                  <th scope="row">{day(entry.date)}</th>
                  <td>{entry.orders}</td>
                  <td>{money(entry.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
