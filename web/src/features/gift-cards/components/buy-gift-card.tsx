import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import button from '../../../components/button/button.module.css';
import { DatePicker, isoDay } from '../../../components/date-picker/date-picker';
import { Field } from '../../../components/field/field';
import field from '../../../components/field/field.module.css';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { buyGiftCard } from '../api/buy-gift-card';
import styles from './gift-cards.module.css';

/** What the page offers until the settings say otherwise. */
const DEFAULT_AMOUNTS = [25, 50, 100, 150];

interface BuyGiftCardProps {
  /** Sends the browser to the provider's page (the checkout's redirect). */
  goToPayment: (url: string) => void;
}

/**
 * Buying a gift card: an amount (the shop's, or any whole amount from 10 to 500), the recipient's
 * name and email, a message and the day it is mailed (today up to a year ahead); paid on the card
 * provider's page. Back from it, `?purchase=paid|cancelled` says how it went.
 */
export function BuyGiftCard({ goToPayment }: BuyGiftCardProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const session = useSession();
  const { data: settings } = useSettings();
  const [params] = useSearchParams();
  const id = useId();
  const amounts = settings?.giftCards?.amounts ?? DEFAULT_AMOUNTS;
  const [amount, setAmount] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const today = new Date();
  const [sendAt, setSendAt] = useState(isoDay(today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastDay = new Date(today);
  lastDay.setFullYear(today.getFullYear() + 1);
  lastDay.setDate(lastDay.getDate() - 1);
  const purchase = params.get('purchase');
  const chosen = amount ?? (custom.trim() ? Number(custom.replace(',', '.')) : null);
  const money = (value: number) => formatMoney(value, lang, settings?.currency);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (chosen === null || !Number.isInteger(chosen) || chosen < 10 || chosen > 500) {
      found.amount = t('giftCards.buy.errors.amount');
    }
    if (!recipientName.trim()) found.recipientName = t('giftCards.buy.errors.recipientName');
    if (!/^\S+@\S+\.\S+$/.test(recipientEmail.trim())) found.recipientEmail = t('giftCards.buy.errors.recipientEmail');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || chosen === null) return;
    setBusy(true);
    try {
      const { url } = await buyGiftCard({
        amount: chosen,
        recipientName: recipientName.trim(),
        recipientEmail: recipientEmail.trim(),
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(sendAt && sendAt !== isoDay(today) ? { sendAt } : {}),
        lang,
      });
      goToPayment(url);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.keys(error.fields).map((key) => [key, t(`giftCards.buy.errors.${key}`)])));
      } else {
        setFailure(errorText(error, { fallback: 'giftCards.buy.failed' }));
      }
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('giftCards.buy.title')}
      </h2>
      {purchase === 'paid' && (
        <p className={styles.answer} role="status">
          {t('giftCards.buy.paid')}
        </p>
      )}
      {purchase === 'cancelled' && (
        <p className={styles.note} role="status">
          {t('giftCards.buy.cancelled')}
        </p>
      )}
      {!session.token ? (
        <p className={styles.note}>
          <Link to="/login" className={button.primary}>
            {t('giftCards.buy.logIn')}
          </Link>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
          <fieldset className={styles.amountSet} aria-describedby={errors.amount ? `${id}-amount` : undefined}>
            <legend className={field.label}>{t('giftCards.buy.amount')}</legend>
            <div className={styles.amounts}>
              {amounts.map((value) => (
                <button
                  key={value}
                  type="button"
                  className={button.secondary}
                  aria-pressed={amount === value}
                  onClick={() => {
                    setAmount(value);
                    setCustom('');
                  }}
                >
                  {money(value)}
                </button>
              ))}
            </div>
            <Field
              label={t('giftCards.buy.otherAmount')}
              hint={t('giftCards.buy.otherAmountHint')}
              inputMode="numeric"
              value={custom}
              onChange={(event) => {
                setCustom(event.target.value);
                setAmount(null);
              }}
            />
            {errors.amount && (
              <p id={`${id}-amount`} className={field.error} role="alert">
                {errors.amount}
              </p>
            )}
          </fieldset>
          <div className={styles.pair}>
            <Field
              label={t('giftCards.buy.recipientName')}
              value={recipientName}
              maxLength={100}
              autoComplete="off"
              error={errors.recipientName}
              onChange={(event) => setRecipientName(event.target.value)}
            />
            <Field
              label={t('giftCards.buy.recipientEmail')}
              type="email"
              value={recipientEmail}
              maxLength={254}
              autoComplete="off"
              error={errors.recipientEmail}
              onChange={(event) => setRecipientEmail(event.target.value)}
            />
          </div>
          <div className={field.field}>
            <label htmlFor={`${id}-message`} className={field.label}>
              {t('giftCards.buy.message')}
            </label>
            <textarea
              id={`${id}-message`}
              className={`${field.input} ${styles.message}`}
              value={message}
              maxLength={500}
              rows={3}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <DatePicker
            label={t('giftCards.buy.sendAt')}
            hint={t('giftCards.buy.sendAtHint')}
            min={isoDay(today)}
            max={isoDay(lastDay)}
            value={sendAt}
            error={errors.sendAt}
            onChange={setSendAt}
          />
          {failure && (
            <p className={field.error} role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className={button.primary} disabled={busy} aria-busy={busy}>
            {busy
              ? t('giftCards.buy.processing')
              : chosen && Number.isInteger(chosen) && chosen >= 10 && chosen <= 500
                ? t('giftCards.buy.payAmount', { amount: money(chosen) })
                : t('giftCards.buy.pay')}
          </button>
          <p className={styles.note}>{t('giftCards.buy.noVat')}</p>
        </form>
      )}
    </section>
  );
}
