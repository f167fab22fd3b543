import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/button/button.module.css';
import field from '../../../components/field/field.module.css';
import { formatShopDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useLanguage } from '../../../lib/use-language';
import { giftCardErrorKey, normalizeGiftCardCode } from '../../../lib/gift-cards';
import { checkGiftCardBalance } from '../api/check-balance';
import styles from './gift-cards.module.css';

type Answer = { kind: 'balance'; text: string } | { kind: 'error'; text: string } | null;

/** The balance check: a code in, what is left and until when out (wrong codes count towards a per-client limit). */
export function BalanceCheck() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const [input, setInput] = useState('');
  const [checking, setChecking] = useState(false);
  const [answer, setAnswer] = useState<Answer>(null);

  async function check(event: FormEvent) {
    event.preventDefault();
    const code = normalizeGiftCardCode(input);
    if (!code) {
      setAnswer({ kind: 'error', text: t('giftCards.errors.format') });
      return;
    }
    setChecking(true);
    try {
      const card = await checkGiftCardBalance(code);
      const date = formatShopDate(card.expiresAt, lang);
      const expired = Date.parse(card.expiresAt) <= Date.now();
      setAnswer({
        kind: 'balance',
        text: expired
          ? t('giftCards.balance.expired', { date })
          : t('giftCards.balance.result', { amount: formatMoney(card.balance, lang, card.currency), date }),
      });
    } catch (error) {
      setAnswer({ kind: 'error', text: t(giftCardErrorKey(error)) });
    } finally {
      setChecking(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('giftCards.balance.title')}
      </h2>
      <form onSubmit={(event) => void check(event)} noValidate className={styles.balanceForm}>
        <div className={field.field} data-invalid={answer?.kind === 'error' ? '' : undefined}>
          <label htmlFor={id} className={field.label}>
            {t('giftCards.balance.code')}
          </label>
          <input
            id={id}
            name="code"
            className={`${field.input} ${styles.code}`}
            value={input}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={answer?.kind === 'error' ? true : undefined}
            aria-describedby={answer ? `${id}-answer` : undefined}
            onChange={(event) => {
              setInput(event.target.value);
              setAnswer(null);
            }}
          />
        </div>
        <button type="submit" className={button.secondary} disabled={checking || !input.trim()} aria-busy={checking}>
          {checking ? t('giftCards.balance.checking') : t('giftCards.balance.submit')}
        </button>
      </form>
      <p
        id={`${id}-answer`}
        className={answer?.kind === 'error' ? field.error : styles.answer}
        role={answer?.kind === 'error' ? 'alert' : 'status'}
        data-testid="gift-card-balance"
      >
        {answer?.text}
      </p>
    </section>
  );
}
