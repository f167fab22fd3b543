import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCEPT_TERMS_PATH } from '@shop/contract';
import { useHydrated } from '../../lib/use-hydrated';
import { Modal } from '../modal/modal';
import button from '../button/button.module.css';
import { hasStoredTermsAcceptance, hasTermsCookie, rememberTermsAccepted, syncTermsAcceptance } from './terms-accepted';
import styles from './terms-popup.module.css';

const TERMS_PATH = '/terms';

/**
 * Asks for acceptance of the terms on the first visit; never shown over the terms themselves.
 *
 * It is part of a server-rendered page's first HTML (docs/decisions/0012), painted with the page
 * rather than over it once the app has started: the server knows the acceptance from its cookie
 * copy, and the first render in the browser goes by that cookie too, so hydration matches. The
 * spec's flag in local storage counts from right after. Before the app has started (or without
 * JavaScript) the form is a plain one: the checkbox is required, and the server records the
 * acceptance in the cookie and sends the visitor back to the page (api/src/platform/web/accept-terms.ts).
 */
export function TermsPopup() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const checkboxId = useId();
  const [accepted, setAccepted] = useState(hasTermsCookie);
  const [checked, setChecked] = useState(false);
  const hydrated = useHydrated();

  useEffect(syncTermsAcceptance, []);

  // Leaving the newsletter takes one click (YEAR.md section 4): no terms to accept first.
  if (accepted || (hydrated && hasStoredTermsAcceptance()) || pathname === TERMS_PATH || pathname === '/unsubscribe') {
    return null;
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!checked) return;
    rememberTermsAccepted();
    setAccepted(true);
  }

  return (
    <Modal title={t('termsPopup.title')} inPlace>
      <form method="post" action={ACCEPT_TERMS_PATH} onSubmit={submit} className={styles.form}>
        <p className={styles.text}>{t('termsPopup.body')}</p>
        <p className={styles.text}>
          <Link to={TERMS_PATH} className={styles.link}>
            {t('termsPopup.readTerms')}
          </Link>
        </p>
        <div className={styles.check}>
          <input
            id={checkboxId}
            type="checkbox"
            name="accepted"
            required
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          <label htmlFor={checkboxId}>{t('termsPopup.checkbox')}</label>
        </div>
        {/* Disabled until ticked once the app runs; before, the required checkbox stops the form. */}
        <button
          type="submit"
          className={`${button.primary} ${button.block} ${styles.submit}`}
          disabled={hydrated && !checked}
        >
          {t('termsPopup.submit')}
        </button>
      </form>
    </Modal>
  );
}
