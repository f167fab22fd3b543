import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@shop/contract';
import button from '../../../components/button/button.module.css';
import field from '../../../components/field/field.module.css';
import { maskedGiftCard } from '../../../lib/gift-cards';
import type { GiftCardsState } from '../lib/use-gift-cards';
import styles from './discount-code-field.module.css';

interface GiftCardFieldProps {
  cards: GiftCardsState;
  /** The last quote: what each card pays, in the order the cards were added. */
  quote: Quote | null;
  /** The account's store credit (0: no switch). */
  storeCredit: number;
  money: (amount: number) => string;
  disabled?: boolean;
}

/**
 * The checkout's gift cards (several, each shown by its last four with what it pays) and, for a
 * shopper who has some, the store credit switch. A refusal stands under the input, announced.
 */
export function GiftCardField({ cards, quote, storeCredit, money, disabled }: GiftCardFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;

  // Enter in this field adds the card; it must not place the order.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (cards.input.trim()) cards.add();
  }

  return (
    <div className={styles.stack}>
      <div className={field.field} data-invalid={cards.error ? '' : undefined}>
        <label htmlFor={id} className={field.label}>
          {t('giftCards.checkout.label')}
        </label>
        {cards.codes.length > 0 && (
          <ul className={styles.cards} aria-label={t('giftCards.checkout.applied')}>
            {cards.codes.map((code, index) => {
              // The quote's line for this card (a stale quote's, for other cards, is not shown).
              const paid = quote?.giftCards[index]?.code === code.slice(-4) ? quote.giftCards[index] : undefined;
              return (
                <li key={code} className={styles.applied}>
                  <p className={styles.appliedText} id={`${id}-card-${index}`}>
                    {paid
                      ? t('giftCards.checkout.pays', { code: maskedGiftCard(code), amount: money(paid.amount) })
                      : maskedGiftCard(code)}
                  </p>
                  <button
                    type="button"
                    className={button.secondary}
                    onClick={() => cards.remove(index)}
                    disabled={disabled}
                    aria-describedby={`${id}-card-${index}`}
                  >
                    {t('giftCards.checkout.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className={styles.row}>
          <input
            id={id}
            name="giftCard"
            className={`${field.input} ${styles.input}`}
            value={cards.input}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            disabled={disabled}
            aria-invalid={cards.error ? true : undefined}
            aria-describedby={cards.error ? errorId : undefined}
            onChange={(event) => cards.setInput(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className={button.secondary}
            onClick={() => cards.add()}
            disabled={disabled || !cards.input.trim()}
          >
            {t('giftCards.checkout.add')}
          </button>
        </div>
        {cards.error && (
          <p id={errorId} className={field.error} role="alert">
            {cards.error}
          </p>
        )}
      </div>
      {storeCredit > 0 && (
        <label className={styles.credit}>
          <input
            type="checkbox"
            name="useStoreCredit"
            checked={cards.useStoreCredit}
            disabled={disabled}
            onChange={(event) => cards.setUseStoreCredit(event.target.checked)}
          />
          <span>{t('giftCards.checkout.useStoreCredit', { amount: money(storeCredit) })}</span>
        </label>
      )}
    </div>
  );
}
