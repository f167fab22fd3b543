import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@shop/contract';
import { readStorage, writeStorage } from '../../lib/storage';
import { useHydrated } from '../../lib/use-hydrated';
import { Modal } from '../modal/modal';
import button from '../button/button.module.css';
import styles from './terms-popup.module.css';

const TERMS_PATH = '/terms';

/** Asks for acceptance of the terms on the first visit; never shown over the terms themselves. */
export function TermsPopup() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const checkboxId = useId();
  const [accepted, setAccepted] = useState(() => readStorage(STORAGE_KEYS.acceptedTerms) === 'true');
  const [checked, setChecked] = useState(false);
  // Only the browser knows whether they were accepted: never in the server-rendered HTML.
  const hydrated = useHydrated();

  if (!hydrated || accepted || pathname === TERMS_PATH) return null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!checked) return;
    writeStorage(STORAGE_KEYS.acceptedTerms, 'true');
    setAccepted(true);
  }

  return (
    <Modal title={t('termsPopup.title')}>
      <form onSubmit={submit} className={styles.form}>
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
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          <label htmlFor={checkboxId}>{t('termsPopup.checkbox')}</label>
        </div>
        <button type="submit" className={`${button.primary} ${button.block}`} disabled={!checked}>
          {t('termsPopup.submit')}
        </button>
      </form>
    </Modal>
  );
}
