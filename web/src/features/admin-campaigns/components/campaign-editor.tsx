import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  AUDIENCE_KINDS,
  CampaignBodySchema,
  CATEGORY_IDS,
  SIZES,
  type AudienceKind,
  type Campaign,
  type CampaignBody,
} from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { localInputToIso } from '../../../lib/local-datetime';
import { useFormProblems } from '../../../lib/use-form-problems';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { Modal } from '../../../components/modal/modal';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { createCampaign, scheduleCampaign, sendCampaign, testCampaign, updateCampaign } from '../api/campaigns';
import { AudienceReach } from './audience-reach';
import { ProductPicker } from './product-picker';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import modal from '../../../components/modal/modal.module.css';
import styles from './campaign-editor.module.css';

const LANGS = ['en', 'bg'] as const;
const EMPTY: CampaignBody = {
  subject: { en: '', bg: '' },
  text: { en: '', bg: '' },
  products: [],
  audience: { kind: 'all' },
};

const bodyOf = (campaign: Campaign): CampaignBody => ({
  subject: campaign.subject,
  text: campaign.text,
  products: campaign.products,
  audience: { kind: campaign.audience.kind, ...(campaign.audience.value ? { value: campaign.audience.value } : {}) },
});

interface CampaignEditorProps {
  /** The campaign to edit (not sent yet); none for a new one. */
  campaign: Campaign | null;
  onDone: () => void;
}

/**
 * A campaign's editor (YEAR.md section 4): subject and text in both languages, up to 8 products,
 * the audience and how many it reaches (counted live while it is chosen); then a test to the admin, sending now (after a confirm
 * naming the count) or at a time. Each action saves the draft first.
 */
export function CampaignEditor({ campaign, onDone }: CampaignEditorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, show } = useFormProblems<string>(formRef);
  const [saved, setSaved] = useState<Campaign | null>(campaign);
  const [initial, setInitial] = useState<CampaignBody>(() => (campaign ? bodyOf(campaign) : EMPTY));
  const [draft, setDraft] = useState<CampaignBody>(initial);
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState<'save' | 'test' | 'send' | 'schedule' | null>(null);
  const [confirming, setConfirming] = useState(false);
  useUnsavedChanges(isDirty(draft, initial));

  const set = (field: string, next: CampaignBody) => {
    setDraft(next);
    clear(field);
  };

  /** Saves what the form holds (when it changed, or was never saved); the campaign as saved, or null. */
  async function save(): Promise<Campaign | null> {
    const parsed = CampaignBodySchema.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      show(found, t('adminCampaigns.form.check'));
      return null;
    }
    if (saved && !isDirty(draft, initial)) return saved;
    try {
      const next = saved ? await updateCampaign(saved.id, draft) : await createCampaign(draft);
      setSaved(next);
      setInitial(draft);
      return next;
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length > 0)
        show(failure.fields, t('adminCampaigns.form.check'));
      else show({}, errorText(failure, ADMIN_FAILED));
      return null;
    }
  }

  async function act(kind: 'save' | 'test' | 'send' | 'schedule') {
    if (busy) return;
    setBusy(kind);
    try {
      const current = await save();
      if (!current) return;
      if (kind === 'save') toast.success(t('adminCampaigns.toasts.saved'));
      if (kind === 'test') {
        const { to } = await testCampaign(current.id);
        toast.success(t('adminCampaigns.toasts.tested', { to }));
      }
      if (kind === 'send') {
        await sendCampaign(current.id);
        toast.success(t('adminCampaigns.toasts.sending', { count: current.audience.size }));
        onDone();
      }
      if (kind === 'schedule') {
        const iso = localInputToIso(at);
        if (!iso) return show({ at: t('adminCampaigns.form.atMissing') }, null);
        await scheduleCampaign(current.id, iso);
        toast.success(t('adminCampaigns.toasts.scheduled'));
        onDone();
      }
    } catch (failure) {
      if (isApiError(failure) && failure.fields.at) show({ at: failure.fields.at }, null);
      else show({}, errorText(failure, ADMIN_FAILED));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void act('save');
  }

  const problem = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className={form.error}>
        {errors[field]}
      </p>
    );
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const audience = draft.audience;
  const setAudience = (kind: AudienceKind, value?: string) =>
    set('audience.value', { ...draft, audience: { kind, ...(value ? { value } : {}) } });

  return (
    <Modal
      title={saved ? t('adminCampaigns.form.editTitle') : t('adminCampaigns.form.newTitle')}
      onClose={busy ? undefined : onDone}
      className={styles.dialog}
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        {summary && (
          <p className={form.problem} role="alert">
            {summary}
          </p>
        )}
        <div className={styles.languages}>
          {LANGS.map((lang) => (
            <div key={lang} className={styles.language} lang={lang}>
              <h3 className={styles.languageTitle}>{t(`adminCampaigns.form.in.${lang}`)}</h3>
              <div className={form.field}>
                <label htmlFor={`${id}-subject-${lang}`} className={form.label}>
                  {t('adminCampaigns.form.subject')}
                </label>
                <input
                  id={`${id}-subject-${lang}`}
                  className={form.input}
                  value={draft.subject[lang]}
                  maxLength={150}
                  disabled={busy !== null}
                  {...invalid(`subject.${lang}`)}
                  onChange={(event) =>
                    set(`subject.${lang}`, { ...draft, subject: { ...draft.subject, [lang]: event.target.value } })
                  }
                />
                {problem(`subject.${lang}`)}
              </div>
              <div className={form.field}>
                <label htmlFor={`${id}-text-${lang}`} className={form.label}>
                  {t('adminCampaigns.form.text')}
                </label>
                <textarea
                  id={`${id}-text-${lang}`}
                  className={form.textarea}
                  rows={6}
                  value={draft.text[lang]}
                  disabled={busy !== null}
                  {...invalid(`text.${lang}`)}
                  onChange={(event) =>
                    set(`text.${lang}`, { ...draft, text: { ...draft.text, [lang]: event.target.value } })
                  }
                />
                {problem(`text.${lang}`)}
              </div>
            </div>
          ))}
        </div>
        <p className={form.hint}>{t('adminCampaigns.form.textHint')}</p>

        <ProductPicker
          value={draft.products ?? []}
          disabled={busy !== null}
          error={errors.products}
          onChange={(products) => set('products', { ...draft, products })}
        />

        <div className={styles.audience}>
          <div className={form.field}>
            <label htmlFor={`${id}-audience`} className={form.label}>
              {t('adminCampaigns.form.audience')}
            </label>
            <select
              id={`${id}-audience`}
              className={form.select}
              value={audience.kind}
              disabled={busy !== null}
              onChange={(event) => setAudience(event.target.value as AudienceKind)}
            >
              {AUDIENCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`adminCampaigns.audience.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          {audience.kind !== 'all' && (
            <div className={form.field}>
              <label htmlFor={`${id}-audience-value`} className={form.label}>
                {t(`adminCampaigns.form.value.${audience.kind}`)}
              </label>
              <select
                id={`${id}-audience-value`}
                className={form.select}
                value={audience.value ?? ''}
                disabled={busy !== null}
                {...invalid('audience.value')}
                onChange={(event) => setAudience(audience.kind, event.target.value)}
              >
                <option value="">{t('adminCampaigns.form.choose')}</option>
                {audience.kind === 'language' &&
                  LANGS.map((lang) => (
                    <option key={lang} value={lang}>
                      {t(`languages.${lang}`)}
                    </option>
                  ))}
                {audience.kind === 'category' &&
                  CATEGORY_IDS.map((category) => (
                    <option key={category} value={String(category)}>
                      {t(`categories.${category}.name`)}
                    </option>
                  ))}
                {audience.kind === 'size' &&
                  SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
              </select>
              {problem('audience.value')}
            </div>
          )}
        </div>
        <AudienceReach audience={draft.audience} />

        <div className={styles.schedule}>
          <div className={form.field}>
            <label htmlFor={`${id}-at`} className={form.label}>
              {t('adminCampaigns.form.at')}
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              className={form.input}
              value={at}
              disabled={busy !== null}
              {...invalid('at')}
              onChange={(event) => {
                setAt(event.target.value);
                clear('at');
              }}
            />
            {problem('at')}
          </div>
          <button
            type="button"
            className={button.secondary}
            disabled={busy !== null}
            onClick={() => void act('schedule')}
          >
            {busy === 'schedule' ? t('adminCampaigns.form.working') : t('adminCampaigns.form.schedule')}
          </button>
        </div>

        <div className={modal.actions}>
          <button type="button" className={button.secondary} disabled={busy !== null} onClick={() => void act('test')}>
            {busy === 'test' ? t('adminCampaigns.form.working') : t('adminCampaigns.form.test')}
          </button>
          <button type="submit" className={button.secondary} disabled={busy !== null}>
            {busy === 'save' ? t('adminCampaigns.form.working') : t('adminCampaigns.form.save')}
          </button>
          <button
            type="button"
            className={button.primary}
            disabled={busy !== null}
            onClick={() =>
              void save().then((current) => {
                if (current) setConfirming(true);
              })
            }
          >
            {t('adminCampaigns.form.send')}
          </button>
        </div>
      </form>
      {confirming && saved && (
        <ConfirmDialog
          title={t('adminCampaigns.confirm.title')}
          text={t('adminCampaigns.confirm.text', { count: saved.audience.size })}
          confirmLabel={t('adminCampaigns.confirm.yes')}
          busyLabel={t('adminCampaigns.form.working')}
          busy={busy === 'send'}
          onConfirm={() => void act('send')}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}
