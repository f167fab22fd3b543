import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@shop/contract';
import { LoadingBlocks } from '../../../components/loading-blocks/loading-blocks';
import { StateMessage } from '../../../components/state-message/state-message';
import button from '../../../components/button/button.module.css';
import { CLIENT_ERROR_CODES, isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLanguage } from '../../../lib/use-language';
import { confirmWithdrawal, useWithdrawalRequest } from '../api/confirm-withdrawal';
import styles from './confirm-withdrawal.module.css';

/** A moment down to the second, in the shop's time: the shopper may need to prove it. */
export const moment = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'bg' ? 'bg-BG' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: 'Europe/Sofia',
  }).format(new Date(iso));

const LINK_ERRORS = {
  INVALID_TOKEN: 'withdrawal.confirm.errors.invalid',
  TOKEN_EXPIRED: 'withdrawal.confirm.errors.expired',
} as const;

/**
 * The page the mailed link opens (docs/decisions/0024). Opening it only reads the request
 * (mail scanners open links too); the button records the withdrawal, counted from when the form
 * was sent, and the page then shows that moment. The token is read once the app runs, so the
 * server-rendered HTML is the same for every link.
 */
export function ConfirmWithdrawal({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const { request, error } = useWithdrawalRequest(hydrated ? token : null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Withdrawal['withdrawal'] | null>(null);

  const backToForm = (
    <Link to="/withdrawal" className={button.secondary}>
      {t('withdrawal.confirm.toForm')}
    </Link>
  );

  async function onConfirm() {
    if (busy || !token) return;
    setBusy(true);
    setProblem(null);
    try {
      setDone((await confirmWithdrawal({ token })).withdrawal);
    } catch (failure) {
      setProblem(
        errorText(failure, {
          fallback: 'withdrawal.confirm.errors.failed',
          codes: {
            ...LINK_ERRORS,
            ALREADY_WITHDRAWN: 'withdrawal.confirm.errors.alreadyWithdrawn',
            WITHDRAWAL_PERIOD_OVER: 'withdrawal.confirm.errors.periodOver',
            INVALID_TRANSITION: 'withdrawal.confirm.errors.notAllowed',
            RATE_LIMITED: 'withdrawal.form.errors.rateLimited',
            [CLIENT_ERROR_CODES.network]: 'apiErrors.NETWORK_ERROR',
          },
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.panel}>
        <StateMessage kind="info" title={t('withdrawal.success.title')}>
          <p>
            {t('withdrawal.success.body', { reference: done.reference, submittedAt: moment(done.submittedAt, lang) })}
          </p>
          <p>{t('withdrawal.success.mail')}</p>
          <p>{t('withdrawal.success.next')}</p>
        </StateMessage>
      </div>
    );
  }
  if (hydrated && (!token || error)) {
    const code = isApiError(error) ? error.code : 'INVALID_TOKEN';
    const key =
      code in LINK_ERRORS ? LINK_ERRORS[code as keyof typeof LINK_ERRORS] : 'withdrawal.confirm.errors.failed';
    return (
      <div className={styles.panel}>
        <StateMessage kind="error" title={t(token ? key : LINK_ERRORS.INVALID_TOKEN)}>
          {backToForm}
        </StateMessage>
      </div>
    );
  }
  if (!request) {
    return <LoadingBlocks label={t('withdrawal.confirm.loading')} count={1} blockClassName={styles.skeleton} />;
  }
  const submittedAt = moment(request.submittedAt, lang);
  if (request.confirmedAt) {
    return (
      <div className={styles.panel}>
        <StateMessage kind="info" title={t('withdrawal.success.title')}>
          <p>{t('withdrawal.confirm.already', { reference: request.reference, submittedAt })}</p>
        </StateMessage>
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      <p className={styles.request}>{t('withdrawal.confirm.request', { reference: request.reference, submittedAt })}</p>
      <p className={styles.note}>{t('withdrawal.confirm.expires', { expiresAt: moment(request.expiresAt, lang) })}</p>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <button type="button" className={button.primary} onClick={() => void onConfirm()} disabled={busy}>
        {busy ? t('withdrawal.confirm.submitting') : t('withdrawal.confirm.submit')}
      </button>
    </div>
  );
}
