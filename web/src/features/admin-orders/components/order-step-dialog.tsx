import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import {
  colorNameIn,
  CreateShipmentBodySchema,
  fromCents,
  itemNameIn,
  refundUnitsCents,
  ShipOrderBodySchema,
  toCents,
  type AdminOrder,
} from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/money';
import { moneyInputText, parseMoneyInput } from '../../../components/field/money-input';
import { Modal } from '../../../components/modal/modal';
import { afterOrderAction, runOrderAction, type OrderAction } from '../api/order-actions';
import { orderStepFailed } from '../lib/order-errors';
import { refundable, type OrderStep } from '../lib/order-steps';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import modal from '../../../components/modal/modal.module.css';
import styles from './order-step-dialog.module.css';

interface OrderStepDialogProps {
  order: AdminOrder;
  step: OrderStep;
  lang: string;
  /** The refund's amount to begin with (a withdrawal's refund due); else all that is left to refund. */
  amount?: number | undefined;
  onClose: () => void;
}

type Fields = Record<string, string>;

type Item = AdminOrder['items'][number];

/** Units of a line not refunded yet. */
const unitsLeft = (item: Item) => item.quantity - (item.refundedQuantity ?? 0);

/** What `units` more of a line are worth, in cents: their share of its paid value (decision 0060). */
function unitsCents(item: Item, units: number): number {
  const done = item.refundedQuantity ?? 0;
  const value = toCents(item.unitPrice) * item.quantity - toCents(item.discount ?? 0);
  return refundUnitsCents(value, item.quantity, done, done + units);
}

/**
 * The confirm step of an action on an order: what it will do, the details it needs (carrier and
 * tracking, a reason, an amount, whether to restock), and the server's refusal if it comes.
 */
export function OrderStepDialog({ order, step, lang, amount, onClose }: OrderStepDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const { mutate } = useSWRConfig();
  const remaining = refundable(order);
  const amount0 = amount ?? remaining;
  const money = (amount: number) => formatMoney(amount, lang, order.currency);
  const [values, setValues] = useState<Fields>({
    carrier: order.tracking?.carrier ?? '',
    trackingNumber: '',
    trackingUrl: '',
    reason: '',
    amount: moneyInputText(Math.min(amount0, remaining), lang),
    parcels: '1',
    weightKg: '1',
  });
  const [restock, setRestock] = useState(true);
  /** Units to refund per line (the refund's lines), as typed. */
  const [units, setUnits] = useState<Fields>({});
  const refundItems = order.items.filter((item) => unitsLeft(item) > 0);

  /** The units typed for a line: a whole number from 0 to what is left, or null. */
  const unitsOf = (item: Item): number | null => {
    const text = (units[item.id] ?? '0').trim() || '0';
    const count = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    return Number.isInteger(count) && count >= 0 && count <= unitsLeft(item) ? count : null;
  };

  /** A line's units changed: the amount follows what the chosen lines are worth (it can still be typed over). */
  function changeUnits(item: Item, text: string) {
    const next: Fields = { ...units, [item.id]: text };
    setUnits(next);
    setErrors(({ [`units-${item.id}`]: _, amount: __, ...rest }) => rest);
    let cents = 0;
    for (const each of refundItems) {
      const typed = (next[each.id] ?? '0').trim();
      const count = /^\d{1,5}$/.test(typed) ? Math.min(Number(typed), unitsLeft(each)) : 0;
      cents += count > 0 ? unitsCents(each, count) : 0;
    }
    const amount = cents > 0 ? Math.min(fromCents(cents), remaining) : Math.min(amount0, remaining);
    setValues((current) => ({ ...current, amount: moneyInputText(amount, lang) }));
  }
  const [errors, setErrors] = useState<Fields>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The action's body from the inputs, or the fields to fix. */
  function actionOf(): { action: OrderAction | null; found: Fields } {
    if (step === 'ship') {
      const parsed = ShipOrderBodySchema.safeParse({
        carrier: values.carrier,
        trackingNumber: values.trackingNumber,
        ...(values.trackingUrl?.trim() ? { trackingUrl: values.trackingUrl.trim() } : {}),
      });
      if (parsed.success) return { action: { type: 'ship', body: parsed.data }, found: {} };
      const found: Fields = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= t(`adminOrders.ship.errors.${field}`);
      }
      return { action: null, found };
    }
    if (step === 'shipment') {
      const number = (name: string) => Number((values[name] ?? '').trim().replace(',', '.'));
      const parsed = CreateShipmentBodySchema.safeParse({ parcels: number('parcels'), weightKg: number('weightKg') });
      if (parsed.success) return { action: { type: 'shipment', body: parsed.data }, found: {} };
      const found: Fields = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= t(`adminOrders.shipment.errors.${field}`);
      }
      return { action: null, found };
    }
    if (step === 'refund') {
      const found: Fields = {};
      const lines = [];
      for (const item of refundItems) {
        const count = unitsOf(item);
        if (count === null) found[`units-${item.id}`] = t('adminOrders.refund.errors.units', { max: unitsLeft(item) });
        else if (count > 0) lines.push({ orderItemId: item.id, quantity: count });
      }
      const read = parseMoneyInput(values.amount ?? '', lang);
      if (!('amount' in read) || read.amount <= 0 || read.amount > remaining)
        found.amount = t('adminOrders.refund.errors.amount', { max: money(remaining) });
      if (Object.keys(found).length > 0 || !('amount' in read)) return { action: null, found };
      return {
        action: { type: 'refund', body: { amount: read.amount, ...(lines.length > 0 ? { lines } : {}) } },
        found: {},
      };
    }
    if (step === 'cancel') {
      const reason = values.reason?.trim();
      return { action: { type: 'cancel', body: reason ? { reason } : {} }, found: {} };
    }
    if (step === 'return') return { action: { type: 'return', body: { restock } }, found: {} };
    return { action: { type: step }, found: {} };
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { action, found } = actionOf();
    setErrors(found);
    if (!action) {
      setProblem(null);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-dialog="${id}"] [aria-invalid="true"]`)?.focus(),
      );
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const updated = await runOrderAction(order.id, action);
      await afterOrderAction(mutate, updated);
      toast.success(t(`adminOrders.${step}.done`, { id: order.id }));
      onClose();
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 400) {
        const server: Fields = {};
        for (const field of Object.keys(error.fields))
          server[field] = t(`adminOrders.${step}.errors.${field}`, {
            max: money(remaining),
            defaultValue: error.fields[field],
          });
        setErrors(server);
      }
      setProblem(errorText(error, orderStepFailed(lang)));
    }
  }

  const field = (
    name: string,
    input: (props: React.InputHTMLAttributes<HTMLInputElement>) => React.ReactNode,
    optional = false,
  ) => (
    <div className={form.field}>
      <label htmlFor={`${id}-${name}`} className={form.label}>
        {t(`adminOrders.${step}.${name}`)}
        {optional && <span className={form.optional}> {t('adminOrders.optional')}</span>}
      </label>
      {input({
        id: `${id}-${name}`,
        name,
        value: values[name] ?? '',
        disabled: busy,
        className: form.input,
        'aria-invalid': errors[name] ? true : undefined,
        'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
        onChange: (event) => {
          const { value } = event.target;
          setValues((current) => ({ ...current, [name]: value }));
          setErrors(({ [name]: _, ...rest }) => rest);
        },
      })}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={form.error}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  const text =
    step === 'cancel'
      ? t(order.status === 'paid' ? 'adminOrders.cancel.textPaid' : 'adminOrders.cancel.text', {
          total: money(order.total),
        })
      : step === 'refund'
        ? t('adminOrders.refund.text', { max: money(remaining) })
        : t(`adminOrders.${step}.text`);

  return (
    <Modal title={t(`adminOrders.${step}.title`, { id: order.id })} onClose={busy ? undefined : onClose}>
      <form className={styles.form} onSubmit={confirm} noValidate data-dialog={id}>
        <p className={modal.text}>{text}</p>
        {step === 'ship' && (
          <>
            {field('carrier', (props) => (
              <input {...props} maxLength={60} autoComplete="off" />
            ))}
            {field('trackingNumber', (props) => (
              <input {...props} maxLength={100} autoComplete="off" />
            ))}
            {field(
              'trackingUrl',
              (props) => (
                <input {...props} type="url" maxLength={500} inputMode="url" />
              ),
              true,
            )}
          </>
        )}
        {step === 'shipment' && (
          <div className={styles.pair}>
            {field('parcels', (props) => (
              <input {...props} inputMode="numeric" maxLength={2} />
            ))}
            {field('weightKg', (props) => (
              <input {...props} inputMode="decimal" maxLength={5} />
            ))}
          </div>
        )}
        {step === 'refund' && refundItems.length > 0 && (
          <fieldset className={styles.lines} disabled={busy}>
            <legend className={form.label}>{t('adminOrders.refund.lines')}</legend>
            <p className={form.hint}>{t('adminOrders.refund.linesHint')}</p>
            {refundItems.map((item) => {
              const name = `units-${item.id}`;
              return (
                <div key={item.id} className={styles.line}>
                  <label htmlFor={`${id}-${name}`}>
                    {t('adminOrders.refund.line', {
                      name: itemNameIn(item, lang),
                      color: colorNameIn(item, lang),
                      size: item.size,
                    })}
                    <span className={form.hint}>
                      {' '}
                      {t('adminOrders.refund.left', { count: unitsLeft(item), quantity: item.quantity })}
                    </span>
                  </label>
                  <input
                    id={`${id}-${name}`}
                    className={`${form.input} ${styles.units}`}
                    type="number"
                    min={0}
                    max={unitsLeft(item)}
                    step={1}
                    inputMode="numeric"
                    value={units[item.id] ?? '0'}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
                    onChange={(event) => changeUnits(item, event.target.value)}
                  />
                  {errors[name] && (
                    <p id={`${id}-${name}-error`} className={`${form.error} ${styles.lineError}`}>
                      {errors[name]}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        {step === 'refund' && field('amount', (props) => <input {...props} inputMode="decimal" maxLength={12} />)}
        {step === 'cancel' && (
          <div className={form.field}>
            <label htmlFor={`${id}-reason`} className={form.label}>
              {t('adminOrders.cancel.reason')}
              <span className={form.optional}> {t('adminOrders.optional')}</span>
            </label>
            <textarea
              id={`${id}-reason`}
              className={`${form.textarea} ${form.short}`}
              value={values.reason}
              maxLength={500}
              rows={3}
              disabled={busy}
              onChange={(event) => setValues((current) => ({ ...current, reason: event.target.value }))}
            />
            <p className={form.hint}>{t('adminOrders.cancel.reasonHint')}</p>
          </div>
        )}
        {step === 'return' && (
          <label className={form.check}>
            <input
              type="checkbox"
              checked={restock}
              disabled={busy}
              onChange={(event) => setRestock(event.target.checked)}
            />
            {t('adminOrders.return.restock')}
          </label>
        )}
        {problem && (
          <p className={form.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={modal.actions}>
          <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
            {t('adminOrders.back')}
          </button>
          <button
            type="submit"
            className={step === 'cancel' || step === 'refund' ? button.danger : button.primary}
            disabled={busy}
          >
            {busy ? t('adminOrders.working') : t(`adminOrders.${step}.confirm`)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
