import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { NewsletterState } from '@shop/contract';
import { saveNewsletter } from '../api/newsletter';
import styles from './newsletter.module.css';

/**
 * The profile's switch (YEAR.md section 4): on subscribes a verified address at once (else a
 * link is mailed, and the switch says it waits); off leaves the list at once.
 */
export function NewsletterSwitch({ state, onSaved }: { state: NewsletterState; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function change(on: boolean) {
    setBusy(true);
    try {
      await saveNewsletter(on);
      toast.success(t(on ? 'newsletter.profile.on' : 'newsletter.profile.off'));
      await onSaved();
    } catch {
      toast.error(t('newsletter.errors.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="newsletter-profile-title">
      <h2 id="newsletter-profile-title">{t('newsletter.profile.title')}</h2>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={state !== 'none'}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{t('newsletter.consent')}</span>
      </label>
      {state === 'pending' && <p className={styles.note}>{t('newsletter.profile.pending')}</p>}
    </section>
  );
}
