import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsletterAnswer } from '@shop/contract';
import { StateMessage } from '../../../components/state-message/state-message';
import button from '../../../components/button/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { confirmNewsletter, unsubscribe } from '../api/newsletter';
import styles from './newsletter.module.css';

const ACTIONS = {
  confirm: { run: confirmNewsletter, prefix: 'newsletter.confirm' },
  unsubscribe: { run: unsubscribe, prefix: 'newsletter.unsubscribe' },
} as const;

/**
 * The page a mailed link opens (`/newsletter/confirm?token=`, `/unsubscribe?token=`): opening it
 * does nothing (mail scanners open links too); its one button confirms the subscription or leaves
 * the list.
 */
export function LinkAction({ action, token }: { action: keyof typeof ACTIONS; token: string | null }) {
  const { t } = useTranslation();
  const { run, prefix } = ACTIONS[action];
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<NewsletterAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : 'newsletter.errors.invalid');

  async function go() {
    if (!token || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      setDone(await run(token));
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      setProblem(
        code === 'INVALID_TOKEN'
          ? 'newsletter.errors.invalid'
          : code === 'TOKEN_EXPIRED'
            ? 'newsletter.errors.expired'
            : 'newsletter.errors.failed',
      );
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.panel}>
        <StateMessage kind="info" title={t(`${prefix}.doneTitle`)}>
          <p>{t(`${prefix}.done`, { email: done.email })}</p>
        </StateMessage>
        <Link to="/" className={button.secondary}>
          {t('newsletter.toShop')}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      {problem && (
        <StateMessage kind="error" title={t(problem)}>
          <p>{t('newsletter.errors.again')}</p>
        </StateMessage>
      )}
      {token && (
        <button type="button" className={button.primary} onClick={() => void go()} disabled={busy}>
          {t(`${prefix}.submit`)}
        </button>
      )}
    </div>
  );
}
