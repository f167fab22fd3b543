import { useTranslation } from 'react-i18next';
import type { Quote } from '@shop/contract';
import { SummaryTotal } from '../../../components/summary/summary';
import { maskedGiftCard } from '../../../lib/gift-cards';
import styles from './checkout-figures.module.css';

interface CheckoutFiguresProps {
  /** The server's quote; null until the first one comes ("…" in its place). */
  totals: Quote | null;
  loading: boolean;
  money: (amount: number) => string;
}

/** The summary's figures, every one the server's quote (TRADE.md section 4): no sums here. */
export function CheckoutFigures({ totals, loading, money }: CheckoutFiguresProps) {
  const { t } = useTranslation();
  const prepaid = totals !== null && (totals.giftCards.length > 0 || totals.storeCredit > 0);
  return (
    <div className={styles.figures} aria-busy={loading} data-testid="checkout-figures">
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{t('checkout.subtotal')}</dt>
          <dd data-testid="checkout-subtotal">{totals ? money(totals.subtotal) : '…'}</dd>
        </div>
        {totals?.discount && (
          <div className={styles.row}>
            <dt>{t('checkout.code.line', { code: totals.discount.code })}</dt>
            <dd data-testid="checkout-discount">
              {totals.discount.amount > 0 ? `−${money(totals.discount.amount)}` : t('checkout.code.freeDelivery')}
            </dd>
          </div>
        )}
        <div className={styles.row}>
          <dt>{t('checkout.delivery')}</dt>
          <dd data-testid="checkout-delivery">
            {totals ? (totals.deliveryCost === 0 ? t('checkout.free') : money(totals.deliveryCost)) : '…'}
          </dd>
        </div>
        {totals && totals.codFee > 0 && (
          <div className={styles.row}>
            <dt>{t('checkout.codFee')}</dt>
            <dd data-testid="checkout-cod-fee">{money(totals.codFee)}</dd>
          </div>
        )}
      </dl>
      <SummaryTotal
        label={t('checkout.total')}
        amount={totals ? money(totals.total) : '…'}
        testId="checkout-total"
        framed={!prepaid}
      />
      {/* Gift cards and store credit pay from the total; what is left is what the button charges. */}
      {prepaid && totals && (
        <>
          <dl className={styles.rows}>
            {totals.giftCards.map((card, index) => (
              <div className={styles.row} key={`${card.code}-${index}`}>
                <dt>{t('giftCards.checkout.line', { code: maskedGiftCard(card.code) })}</dt>
                <dd data-testid="checkout-gift-card">−{money(card.amount)}</dd>
              </div>
            ))}
            {totals.storeCredit > 0 && (
              <div className={styles.row}>
                <dt>{t('giftCards.checkout.storeCreditLine')}</dt>
                <dd data-testid="checkout-store-credit">−{money(totals.storeCredit)}</dd>
              </div>
            )}
          </dl>
          <SummaryTotal
            label={t('giftCards.checkout.amountDue')}
            amount={money(totals.amountDue)}
            testId="checkout-amount-due"
            framed
          />
        </>
      )}
    </div>
  );
}
