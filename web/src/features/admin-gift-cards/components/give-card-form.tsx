import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useSWRConfig } from 'swr';
import button from '../../../components/button/button.module.css';
import { Field } from '../../../components/field/field';
import { useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import styles from './gift-cards-screen.module.css';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/use-language';
import { giveGiftCard, isAdminGiftCardsKey } from '../api/admin-gift-cards';

/** A gift from the shop: an amount, the recipient, a message; active at once and mailed now. */
export function GiveCardForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Leaving the page with a gift half typed asks first (issue 45 item 2); a gift given empties the form.
  useUnsavedChanges(Boolean(amount || name || email || message));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await giveGiftCard({
        amount: amount.replace(',', '.'),
        recipientName: name,
        recipientEmail: email,
        ...(message.trim() ? { message } : {}),
        lang,
      });
      toast.success(t('adminGiftCards.given', { email }));
      setAmount('');
      setName('');
      setEmail('');
      setMessage('');
      setFields({});
      void mutate(isAdminGiftCardsKey);
    } catch (error) {
      if (isApiError(error)) setFields(error.fields);
      toast.error(errorText(error, ADMIN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.give}>
      <Field
        label={t('adminGiftCards.amount')}
        inputMode="decimal"
        value={amount}
        error={fields.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Field
        label={t('adminGiftCards.recipientName')}
        value={name}
        error={fields.recipientName}
        onChange={(event) => setName(event.target.value)}
      />
      <Field
        label={t('adminGiftCards.recipientEmail')}
        type="email"
        value={email}
        error={fields.recipientEmail}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        label={t('adminGiftCards.message')}
        value={message}
        maxLength={500}
        onChange={(event) => setMessage(event.target.value)}
      />
      <button type="submit" className={button.primary} disabled={busy} aria-busy={busy}>
        {t('adminGiftCards.give')}
      </button>
    </form>
  );
}
