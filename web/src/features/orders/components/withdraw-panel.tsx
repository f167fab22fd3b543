import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  colorNameIn,
  itemNameIn,
  orderFacts,
  stepRefusal,
  withdrawalEndsAt,
  type Language,
  type Order,
} from '@shop/contract';
import { useErrorText } from '../../../lib/error-text';
import { useProfile } from '../../../lib/session';
import { scrollBehavior } from '../../../lib/motion';
import { useSettings } from '../../../lib/settings';
import { WithdrawalSummary } from '../../../components/withdrawal-summary/withdrawal-summary';
import { SealQuestion } from '../../../components/seal-question/seal-question';
import { useWithdrawOrder } from '../api/withdraw-order';
import { formatDateTime } from '../lib/format-date';
import button from '../../../components/button/button.module.css';
import orderCard from '../../../components/order-card/order-card.module.css';
import styles from './withdraw-panel.module.css';

const WITHDRAWAL_FAILED = {
  fallback: 'withdrawal.confirm.errors.failed',
  codes: {
    ALREADY_WITHDRAWN: 'withdrawal.confirm.errors.alreadyWithdrawn',
    WITHDRAWAL_PERIOD_OVER: 'withdrawal.confirm.errors.periodOver',
    INVALID_TRANSITION: 'withdrawal.confirm.errors.notAllowed',
    RATE_LIMITED: 'withdrawal.form.errors.rateLimited',
    SEAL_BROKEN: 'orderDetail.withdraw.seal.refused',
  },
} as const;

/**
 * Whether the shopper may still withdraw: the transition table's withdraw step (a paid or placed
 * order, not returned, not withdrawn already), and, beside the table, within the period after delivery.
 */
export function mayWithdraw(order: Order, returnDays: number, now = Date.now()): boolean {
  if (stepRefusal('withdraw', orderFacts(order), 'shopper') !== null) return false;
  const endsAt = withdrawalEndsAt(order.deliveredAt, returnDays);
  return endsAt === null || now <= endsAt.getTime();
}

/**
 * The withdrawal function (docs/decisions/0024) on the shopper's order page, in two steps:
 * "Withdraw from contract here" opens the form, prefilled, with every line chosen; "Confirm
 * withdrawal" sends it. Once recorded, the order shows when it was submitted, the lines withdrawn,
 * the refund due and its deadline; just after the confirmation, with a line saying so where the
 * form was (focused, and in view: a toast at the top of the screen could cover it).
 */
export function WithdrawPanel({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const [open, setOpen] = useState(false);
  const [justDone, setJustDone] = useState(false);
  const recordedRef = useRef<HTMLDivElement>(null);
  const recorded = Boolean(order.withdrawal);

  useEffect(() => {
    if (!justDone || !recorded) return;
    recordedRef.current?.focus({ preventScroll: true });
    recordedRef.current?.scrollIntoView?.({ block: 'center', behavior: scrollBehavior() });
  }, [justDone, recorded]);

  if (order.withdrawal) {
    return (
      <div ref={recordedRef} className={`${orderCard.note} ${styles.recorded}`} tabIndex={-1}>
        {justDone && <p className={styles.done}>{t('orderDetail.withdraw.done')}</p>}
        <p role="status">
          {t('orderDetail.withdraw.recorded', { date: formatDateTime(order.withdrawal.submittedAt, lang) })}
        </p>
        <WithdrawalSummary order={order} lang={lang} />
      </div>
    );
  }
  if (!mayWithdraw(order, settings?.returnDays ?? 14)) return null;
  if (open)
    return (
      <WithdrawForm
        order={order}
        lang={lang}
        onClose={() => setOpen(false)}
        onDone={() => {
          setJustDone(true);
          setOpen(false);
        }}
      />
    );
  return (
    <div className={styles.start}>
      <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
        {t('orderDetail.withdraw.button')}
      </button>
    </div>
  );
}

/**
 * The second step: prefilled with the shopper and the order, every line chosen. A line of a
 * hygiene-sealed product, once delivered, asks whether its seal is intact (the withdrawal ends for
 * one whose seal was broken; the API refuses it, 409 SEAL_BROKEN).
 */
function WithdrawForm({
  order,
  lang,
  onClose,
  onDone,
}: {
  order: Order;
  lang: Language;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: profile } = useProfile();
  const withdraw = useWithdrawOrder();
  const ids = { title: useId(), reason: useId(), error: useId() };
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<Record<number, number>>(() =>
    Object.fromEntries(order.items.map((line) => [line.id, line.quantity])),
  );
  const [seals, setSeals] = useState<Record<number, boolean>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const asksSeal = (line: Order['items'][number]) => Boolean(line.hygieneSealed) && order.deliveredAt !== null;
  const items = order.items
    .filter((line) => (chosen[line.id] ?? 0) > 0)
    .map((line) => ({
      orderItemId: line.id,
      quantity: chosen[line.id]!,
      ...(asksSeal(line) && { sealIntact: seals[line.id] }),
    }));

  async function confirm() {
    if (items.length === 0) {
      setError(t('orderDetail.withdraw.chooseOne'));
      return;
    }
    if (items.some((item) => 'sealIntact' in item && item.sealIntact === undefined)) {
      setError(t('orderDetail.withdraw.seal.unsaid'));
      return;
    }
    if (items.some((item) => 'sealIntact' in item && item.sealIntact === false)) {
      setError(t('orderDetail.withdraw.seal.refused'));
      return;
    }
    setBusy(true);
    setError('');
    const outcome = await withdraw(order.id, { items, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    setBusy(false);
    if (outcome.ok) onDone();
    else setError(errorText(outcome.error, WITHDRAWAL_FAILED));
  }

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.title}>
        {t('orderDetail.withdraw.title')}
      </h2>
      <p className={styles.intro}>
        {t('orderDetail.withdraw.who', {
          name: profile?.name ?? '',
          email: profile?.email ?? '',
          reference: order.reference,
        })}
      </p>
      {order.items.some(asksSeal) && <p className={styles.sealIntro}>{t('orderDetail.withdraw.seal.intro')}</p>}
      <fieldset className={styles.lines}>
        <legend className={styles.legend}>{t('orderDetail.withdraw.lines')}</legend>
        {order.items.map((line) => {
          const quantity = chosen[line.id] ?? 0;
          const label = `${itemNameIn(line, lang)} · ${colorNameIn(line, lang)} · ${line.size}`;
          return (
            <div key={line.id} className={styles.line}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={quantity > 0}
                  onChange={(event) =>
                    setChosen((was) => ({ ...was, [line.id]: event.target.checked ? line.quantity : 0 }))
                  }
                />
                <span>{label}</span>
              </label>
              {line.quantity > 1 && quantity > 0 && (
                <label className={styles.quantity}>
                  <span>{t('orderDetail.withdraw.quantity')}</span>
                  <select
                    value={quantity}
                    onChange={(event) => setChosen((was) => ({ ...was, [line.id]: Number(event.target.value) }))}
                  >
                    {Array.from({ length: line.quantity }, (_, index) => index + 1).map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {quantity > 0 && asksSeal(line) && (
                <SealQuestion
                  item={label}
                  intact={seals[line.id]}
                  brokenNote={t('orderDetail.withdraw.seal.brokenNote')}
                  onChange={(intact) => setSeals((was) => ({ ...was, [line.id]: intact }))}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      <label htmlFor={ids.reason} className={styles.legend}>
        {t('withdrawal.form.reason')}
      </label>
      <textarea
        id={ids.reason}
        className={styles.reason}
        value={reason}
        maxLength={1000}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && (
        <p id={ids.error} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={button.primary}
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
          aria-describedby={error ? ids.error : undefined}
        >
          {busy ? t('withdrawal.confirm.submitting') : t('withdrawal.confirm.submit')}
        </button>
        <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
          {t('orderDetail.withdraw.keep')}
        </button>
      </div>
    </section>
  );
}
