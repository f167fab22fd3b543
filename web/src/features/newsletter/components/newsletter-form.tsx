import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { subscribe } from '../api/newsletter';
import styles from './newsletter.module.css';

/**
 * The footer's form, on every page (YEAR.md section 4): an address, the consent wording
 * (NEWSLETTER_WORDING_VERSION), and a link mailed to confirm. The answer never says whether
 * the address was already on the list.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed' | 'limited'>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'busy') return;
    setState('busy');
    try {
      await subscribe({ email, lang, source: 'footer' });
      setState('sent');
    } catch (error) {
      setState(isApiError(error) && error.code === 'RATE_LIMITED' ? 'limited' : 'failed');
    }
  }

  return (
    <section className={styles.footerForm} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('footer.newsletter.title')}
      </h2>
      {state === 'sent' ? (
        <p role="status" className={styles.sent}>
          {t('footer.newsletter.sent', { email })}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} className={styles.row}>
          <label htmlFor={`${id}-email`} className={styles.label}>
            {t('footer.newsletter.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={styles.input}
            aria-describedby={`${id}-consent`}
          />
          <button type="submit" className={styles.submit} disabled={state === 'busy'}>
            {t('footer.newsletter.submit')}
          </button>
          <p id={`${id}-consent`} className={styles.consent}>
            {t('footer.newsletter.consent')}
          </p>
          {(state === 'failed' || state === 'limited') && (
            <p role="alert" className={styles.problem}>
              {t(state === 'limited' ? 'footer.newsletter.limited' : 'footer.newsletter.failed')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
