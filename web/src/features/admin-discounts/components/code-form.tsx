import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_KINDS, type DiscountCode, type DiscountCodeBody, type DiscountKind } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useFormProblems } from '../../../lib/use-form-problems';
import { useLanguage } from '../../../lib/use-language';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { Modal } from '../../../components/modal/modal';
import { Switch } from '../../../components/switch/switch';
import { createDiscountCode, updateDiscountCode } from '../api/discount-codes';
import { draftOf, EMPTY_DRAFT, parseCode, serverFieldErrors, type CodeDraft, type CodeField } from '../lib/code-form';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import modal from '../../../components/modal/modal.module.css';
import styles from './code-form.module.css';

type TextField = Exclude<CodeField, 'kind' | 'includeSaleItems' | 'active'>;

interface CodeFormProps {
  /** The code to edit; none for a new one. */
  code: DiscountCode | null;
  onSaved: (code: DiscountCode) => void;
  onCancel: () => void;
}

/**
 * A discount code's form in a dialog (TRADE.md section 4): the code, its kind and value, the
 * minimum, the dates (local time, sent with the offset), the uses, sale items and whether it is on.
 * Problems stand beside their inputs: the contract's checks first, then the server's 400 and 409.
 */
export function CodeForm({ code, onSaved, onCancel }: CodeFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, show } = useFormProblems<string>(formRef);
  const [initial] = useState<CodeDraft>(() => (code ? draftOf(code, lang) : EMPTY_DRAFT));
  const [draft, setDraft] = useState<CodeDraft>(initial);
  useUnsavedChanges(isDirty(draft, initial));
  const [busy, setBusy] = useState(false);

  function set<Field extends keyof CodeDraft>(field: Field, value: CodeDraft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, errors: found } = parseCode(draft, lang, t);
    if (!body) {
      show(found, t('adminDiscounts.form.check'));
      return;
    }
    setBusy(true);
    try {
      const saved = await save(body);
      onSaved(saved);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        show({ code: t('adminDiscounts.errors.taken') }, null);
      } else if (isApiError(failure) && Object.keys(failure.fields).length > 0) {
        show(serverFieldErrors(failure.fields, draft.kind, t), t('adminDiscounts.form.check'));
      } else {
        show({}, errorText(failure, ADMIN_FAILED));
      }
    } finally {
      setBusy(false);
    }
  }

  const save = (body: DiscountCodeBody) => (code ? updateDiscountCode(code.id, body) : createDiscountCode(body));

  const field = (
    name: TextField,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement>,
    { hint, optional = false }: { hint?: ReactNode; optional?: boolean } = {},
  ) => {
    const controlId = `${id}-${name}`;
    const described = [hint && `${controlId}-hint`, errors[name] && `${controlId}-error`].filter(Boolean).join(' ');
    return (
      <div className={form.field}>
        <label htmlFor={controlId} className={form.label}>
          {label}
          {optional && <span className={form.optional}> {t('adminDiscounts.form.optional')}</span>}
        </label>
        <input
          {...input}
          id={controlId}
          name={name}
          className={[form.input, input.className].filter(Boolean).join(' ')}
          value={draft[name]}
          disabled={busy}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => set(name, event.target.value)}
        />
        {hint && (
          <p id={`${controlId}-hint`} className={form.hint}>
            {hint}
          </p>
        )}
        {errors[name] && (
          <p id={`${controlId}-error`} className={form.error}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  const kindLabel = (kind: DiscountKind) => t(`adminDiscounts.kinds.${kind}`);

  return (
    <Modal
      title={code ? t('adminDiscounts.form.editTitle', { code: code.code }) : t('adminDiscounts.form.newTitle')}
      onClose={busy ? undefined : onCancel}
      className={styles.dialog}
    >
      <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {summary && (
          <p className={form.problem} role="alert">
            {summary}
          </p>
        )}
        {field(
          'code',
          t('adminDiscounts.form.code'),
          { type: 'text', autoComplete: 'off', spellCheck: false, maxLength: 32, className: styles.code },
          { hint: t('adminDiscounts.form.codeHint') },
        )}

        <fieldset className={styles.kinds} aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
          <legend className={form.label}>{t('adminDiscounts.form.kind')}</legend>
          <div className={styles.kindChoices}>
            {DISCOUNT_KINDS.map((kind) => (
              <label key={kind} className={styles.kindChoice}>
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={draft.kind === kind}
                  disabled={busy}
                  onChange={() => {
                    set('kind', kind);
                    clear('value');
                  }}
                />
                <span>{kindLabel(kind)}</span>
              </label>
            ))}
          </div>
          {errors.kind && (
            <p id={`${id}-kind-error`} className={form.error}>
              {errors.kind}
            </p>
          )}
        </fieldset>

        <div className={styles.grid}>
          {draft.kind !== 'free-delivery' &&
            field(
              'value',
              draft.kind === 'percent' ? t('adminDiscounts.form.percent') : t('adminDiscounts.form.amount'),
              { type: 'text', inputMode: draft.kind === 'percent' ? 'numeric' : 'decimal', autoComplete: 'off' },
            )}
          {field(
            'minSubtotal',
            t('adminDiscounts.form.minSubtotal'),
            { type: 'text', inputMode: 'decimal', autoComplete: 'off' },
            { optional: true },
          )}
          {field('startsAt', t('adminDiscounts.form.startsAt'), { type: 'datetime-local' }, { optional: true })}
          {field(
            'endsAt',
            t('adminDiscounts.form.endsAt'),
            { type: 'datetime-local' },
            { optional: true, hint: t('adminDiscounts.form.timesHint') },
          )}
          {field(
            'maxUses',
            t('adminDiscounts.form.maxUses'),
            { type: 'text', inputMode: 'numeric', autoComplete: 'off' },
            { optional: true, hint: t('adminDiscounts.form.maxUsesHint') },
          )}
          {field('maxUsesPerCustomer', t('adminDiscounts.form.maxUsesPerCustomer'), {
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'off',
          })}
        </div>

        <div className={styles.switches}>
          <Switch
            checked={draft.includeSaleItems}
            disabled={busy}
            onChange={(checked) => set('includeSaleItems', checked)}
          >
            {t('adminDiscounts.form.includeSaleItems')}
          </Switch>
          <Switch checked={draft.active} disabled={busy} onChange={(checked) => set('active', checked)}>
            {t('adminDiscounts.form.active')}
          </Switch>
        </div>

        <div className={modal.actions}>
          <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
            {t('adminDiscounts.form.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={busy} aria-busy={busy}>
            {busy
              ? t('adminDiscounts.form.saving')
              : code
                ? t('adminDiscounts.form.save')
                : t('adminDiscounts.form.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
