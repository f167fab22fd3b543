import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { useFailedEffects } from '../api/get-effects';
import { useRetryEffect } from '../api/retry-effect';
import { effectLabel } from '../lib/effect-kinds';
import button from '../../../components/button/button.module.css';
import { DataTable } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import { DashboardPanel, dashboardWarning } from '../../../components/dashboard-panel/dashboard-panel';
import styles from './failed-effects-panel.module.css';

const LOCALES: Record<string, string> = { en: 'en-GB', bg: 'bg-BG' };

const RETRY_FAILED = {
  fallback: 'adminEffects.retryFailed',
  codes: { INVALID_TRANSITION: 'adminEffects.notWaiting', NOT_FOUND: 'adminEffects.notWaiting' },
} as const;

/**
 * The dashboard's "Tasks that keep failing": the effects (mails, provider refunds, session
 * closures…) that gave up after every attempt, and those still being retried that other tasks
 * wait for (a refused refund holds back its mail and credit note), with what each is, its order,
 * the attempts, the last error, when it gave up (or runs next), what waits for it, and a Retry
 * button. Calm one line when nothing is failing.
 */
export function FailedEffectsPanel({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data, error } = useFailedEffects();
  const retry = useRetryEffect();
  const [busy, setBusy] = useState<number | null>(null);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(LOCALES[lang] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  if (!data && !error) return null;

  async function retryOne(id: number) {
    setBusy(id);
    const outcome = await retry(id);
    setBusy(null);
    if (outcome.ok) toast.success(t('adminEffects.retried'));
    else toast.error(errorText(outcome.error, RETRY_FAILED));
  }

  const failing = data?.data ?? [];
  return (
    <DashboardPanel id="failed-effects-title" title={t('adminEffects.title')} alert={failing.length > 0 || !!error}>
      {error ? (
        <p className={dashboardWarning} role="alert">
          {t('adminEffects.loadError')}
        </p>
      ) : failing.length === 0 ? (
        <p className={styles.calm}>{t('adminEffects.allRan')}</p>
      ) : (
        <>
          <p className={styles.lead}>{t('adminEffects.lead')}</p>
          <DataTable
            columns={[
              { label: t('adminEffects.columns.task') },
              { label: t('adminEffects.columns.order') },
              { label: t('adminEffects.columns.attempts') },
              { label: t('adminEffects.columns.lastError') },
              { label: t('adminEffects.columns.failedAt') },
              { label: t('adminEffects.columns.actions'), kind: 'actions', hidden: true },
            ]}
          >
            {failing.map((effect) => (
              <tr key={effect.id}>
                <th scope="row">
                  {effectLabel(effect.kind, t)}
                  {effect.waiting.length > 0 && (
                    <span className={styles.waiting}>
                      {t('adminEffects.waiting', {
                        tasks: effect.waiting.map((waiting) => effectLabel(waiting.kind, t)).join(', '),
                      })}
                    </span>
                  )}
                </th>
                <td className={styles.order}>
                  {effect.orderId === null ? (
                    '—'
                  ) : (
                    <Link to={`/admin/orders/${effect.orderId}`}>
                      {t('adminEffects.order', { id: effect.orderId })}
                    </Link>
                  )}
                </td>
                <td className={styles.attempts}>{t('adminEffects.attemptsCount', { count: effect.attempts })}</td>
                <td className={styles.error}>{effect.lastError ?? '—'}</td>
                <td className={styles.when}>
                  {effect.failedAt
                    ? time(effect.failedAt)
                    : effect.runAfter
                      ? t('adminEffects.retryingAt', { time: time(effect.runAfter) })
                      : '—'}
                </td>
                <td>
                  <div className={table.actionRow}>
                    <button
                      type="button"
                      className={button.secondary}
                      onClick={() => void retryOne(effect.id)}
                      disabled={busy !== null}
                      aria-busy={busy === effect.id}
                      aria-label={t('adminEffects.retryLabel', { task: effectLabel(effect.kind, t) })}
                    >
                      {t('adminEffects.retry')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          {data && data.total > failing.length && (
            <p className={styles.note}>{t('adminEffects.more', { shown: failing.length, total: data.total })}</p>
          )}
        </>
      )}
    </DashboardPanel>
  );
}
