import { useTranslation } from 'react-i18next';
import { colorNameIn, itemNameIn, fromCents, paidForUnits, withdrawalRefund, type Order } from '@shop/contract';
import { intlLocale } from '../../lib/intl-locales';
import { formatMoney } from '../../lib/money';
import styles from './withdrawal-summary.module.css';

interface WithdrawalSummaryProps {
  order: Pick<Order, 'items' | 'deliveryCost' | 'codFee' | 'total' | 'refunded' | 'withdrawal' | 'currency'>;
  lang: string;
}

/**
 * What a withdrawal took back, on the admin's order page and the shopper's: the lines and how
 * many of each at what was paid for them (their share of a discount code taken off), the refund due (the contract's withdrawalRefund: the lines; everything paid, the
 * delivery too, when everything was withdrawn) and the date it is due by (14 days from the notice).
 */
export function WithdrawalSummary({ order, lang }: WithdrawalSummaryProps) {
  const { t } = useTranslation();
  const refund = withdrawalRefund(order);
  if (!refund) return null;
  const money = (cents: number) => formatMoney(fromCents(cents), lang, order.currency);
  const deadline = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long' }).format(refund.deadline);

  return (
    <div className={styles.root}>
      <p className={styles.heading}>{t('withdrawalSummary.lines')}</p>
      <ul className={styles.lines}>
        {refund.lines.map(({ item, quantity }) => (
          <li key={item.id} className={styles.line}>
            <span className={styles.name}>{itemNameIn(item, lang)}</span>
            <span className={styles.detail}>
              {t('withdrawalSummary.line', { color: colorNameIn(item, lang), size: item.size, quantity })}
            </span>
            <span className={styles.amount}>{money(paidForUnits(item, quantity))}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <div>
          <dt>{t('withdrawalSummary.due')}</dt>
          <dd className={styles.amount} data-testid="withdrawal-refund-due">
            {money(refund.dueCents)}
          </dd>
        </div>
        <div>
          <dt>{t('withdrawalSummary.deadline')}</dt>
          <dd>
            <time dateTime={refund.deadline.toISOString()}>{deadline}</time>
          </dd>
        </div>
      </dl>
      <p className={styles.note}>
        {refund.whole
          ? t('withdrawalSummary.withDelivery', { amount: money(refund.deliveryCents) })
          : t('withdrawalSummary.withoutDelivery')}
      </p>
    </div>
  );
}
