import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import type { AdminReturn, Language, ReceiveReturnBody } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { Modal } from '../../../components/modal/modal';
import modal from '../../../components/modal/modal.module.css';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import { approveReturn, isAdminReturnsKey, receiveReturn, rejectReturn } from '../api/admin-returns';
import { itemText } from './item-text';
import styles from './returns-screen.module.css';

type Props = { item: AdminReturn; onClose: () => void };

/** Runs one action: the lists and the badge read again, a toast says what happened; field errors stay in the form. */
function useAction(item: AdminReturn, onClose: () => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  async function run(action: () => Promise<{ return: AdminReturn }>) {
    setBusy(true);
    setFields({});
    try {
      const { return: done } = await action();
      await mutate(isAdminReturnsKey);
      toast.success(t(`adminReturns.toasts.${done.status}`, { reference: item.reference }));
      onClose();
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length > 0) setFields(failure.fields);
      else toast.error(t('adminReturns.toasts.failed', { message: errorText(failure, ADMIN_FAILED) }));
      // A return another admin moved meanwhile: the list shows where it is now.
      await mutate(isAdminReturnsKey);
    } finally {
      setBusy(false);
    }
  }
  return { busy, fields, run };
}

function Actions({ busy, submit, onClose }: { busy: boolean; submit: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={modal.actions}>
      <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
        {t('adminReturns.cancel')}
      </button>
      <button type="submit" className={button.primary} disabled={busy}>
        {busy ? t('adminReturns.sending') : submit}
      </button>
    </div>
  );
}

function Dialog({
  title,
  busy,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={busy ? undefined : onClose}>
      {children}
    </Modal>
  );
}

/** Approve a request (the shopper is told to send it), or settle a received return kept for the owner. */
export function ApproveDialog({ item, onClose }: Props) {
  const { t } = useTranslation();
  const { busy, run } = useAction(item, onClose);
  const settles = item.status === 'received';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => approveReturn(item.id));
  };
  return (
    <Dialog title={t('adminReturns.approveNamed', { reference: item.reference })} busy={busy} onClose={onClose}>
      <form className={styles.dialog} onSubmit={submit}>
        <p className={modal.text}>
          {t(settles ? `adminReturns.approveReceived.${item.outcome}` : 'adminReturns.approveText')}
        </p>
        <Actions busy={busy} submit={t('adminReturns.approve')} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** Reject with a reason the shopper reads; an exchange's held size goes back to stock. */
export function RejectDialog({ item, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { busy, fields, run } = useAction(item, onClose);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => rejectReturn(item.id, reason));
  };
  return (
    <Dialog title={t('adminReturns.rejectNamed', { reference: item.reference })} busy={busy} onClose={onClose}>
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <div className={form.field}>
          <label htmlFor={`${id}-reason`} className={form.label}>
            {t('adminReturns.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className={form.textarea}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={fields.reason ? true : undefined}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className={form.hint}>
            {t(item.outcome === 'exchange' ? 'adminReturns.reasonHintExchange' : 'adminReturns.reasonHint')}
          </p>
          {fields.reason && (
            <p className={form.error} role="alert">
              {fields.reason}
            </p>
          )}
        </div>
        <Actions busy={busy} submit={t('adminReturns.reject')} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** What came back, unit by unit: resellable (back on hand) or damaged; every unit of each line counted. */
export function ReceiveDialog({ item, lang, onClose }: Props & { lang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const { busy, fields, run } = useAction(item, onClose);
  const [damaged, setDamaged] = useState<Record<number, number>>({});
  const body = (): ReceiveReturnBody => ({
    lines: item.items.flatMap((line) => {
      const broken = damaged[line.orderItemId] ?? 0;
      return [
        ...(line.quantity - broken > 0
          ? [{ orderItemId: line.orderItemId, quantity: line.quantity - broken, condition: 'resell' as const }]
          : []),
        ...(broken > 0 ? [{ orderItemId: line.orderItemId, quantity: broken, condition: 'damaged' as const }] : []),
      ];
    }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => receiveReturn(item.id, body()));
  };
  return (
    <Dialog title={t('adminReturns.receiveNamed', { reference: item.reference })} busy={busy} onClose={onClose}>
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <p className={modal.text}>{t('adminReturns.receiveText')}</p>
        {item.items.map((line) => (
          <div key={line.orderItemId} className={form.field}>
            <label htmlFor={`${id}-${line.orderItemId}`} className={form.label}>
              {t('adminReturns.damagedOf', { item: itemText(line, lang) })}
            </label>
            <select
              id={`${id}-${line.orderItemId}`}
              className={form.select}
              value={damaged[line.orderItemId] ?? 0}
              onChange={(event) => setDamaged({ ...damaged, [line.orderItemId]: Number(event.target.value) })}
            >
              {Array.from({ length: line.quantity + 1 }, (_, count) => (
                <option key={count} value={count}>
                  {t('adminReturns.damagedCount', { count, resell: line.quantity - count })}
                </option>
              ))}
            </select>
          </div>
        ))}
        <p className={form.hint}>{t(`adminReturns.receiveOutcome.${item.outcome}`)}</p>
        {fields.lines && (
          <p className={form.error} role="alert">
            {fields.lines}
          </p>
        )}
        <Actions busy={busy} submit={t('adminReturns.receive')} onClose={onClose} />
      </form>
    </Dialog>
  );
}
