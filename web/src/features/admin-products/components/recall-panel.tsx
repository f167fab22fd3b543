import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import {
  colorNameIn,
  RECALL_TEXT_MAX,
  RECALL_TITLE_MAX,
  type Product,
  type Recall,
  type RecallBody,
  type Size,
} from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatShopDate } from '../../../lib/format';
import { recallKey, useRecalls } from '../../../lib/recalls';
import { RECALLS_PATH, SETTINGS_PATH } from '../../../lib/swr-keys';
import { useLanguage } from '../../../lib/use-language';
import { useFormProblems, type FieldErrors } from '../../../lib/use-form-problems';
import { closeRecall, editRecall, publishRecall } from '../api/recall';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import styles from './size-fit-panel.module.css';
import { EditorPanel } from './editor-panel';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import own from './recall-panel.module.css';

const TEXTS = ['title', 'hazard', 'remedy'] as const;
const LANGUAGES = ['en', 'bg'] as const;
type Field = `${(typeof TEXTS)[number]}.${(typeof LANGUAGES)[number]}`;
type Draft = Record<Field, string>;

const EMPTY: Draft = {
  'title.en': '',
  'title.bg': '',
  'hazard.en': '',
  'hazard.bg': '',
  'remedy.en': '',
  'remedy.bg': '',
};
const FIELDS = Object.keys(EMPTY) as Field[];
const variantKey = (colorId: number, size: Size) => `${colorId}:${size}`;

/** A notice's texts as the form holds them. */
function draftOf(recall: Recall): Draft {
  const draft = { ...EMPTY };
  for (const name of TEXTS) for (const language of LANGUAGES) draft[`${name}.${language}`] = recall[name][language];
  return draft;
}

/**
 * The editor's "Product safety recall" panel (Regulation (EU) 2023/988, Art. 35; decision 0059):
 * the notice's title, hazard and remedy in both languages and the colours and sizes concerned
 * (none ticked: all); publishing it shows it at /recalls and mails every buyer of them once.
 * Above it, the product's notices: an open one's texts are corrected in the same form, or it is
 * closed (decision 0064).
 */
export function RecallPanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, show } = useFormProblems<Field>(formRef);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<{ id: number; mailed: number } | null>(null);
  const [editing, setEditing] = useState<Recall | null>(null);
  // Leaving the page with a notice half written, or a correction not saved, asks first (issue 45 item 2).
  useUnsavedChanges(isDirty(draft, editing ? draftOf(editing) : EMPTY) || chosen.size > 0);
  const notices = useRecalls({ always: true }).data?.data.filter((recall) => recall.productId === product.id) ?? [];

  function startEditing(recall: Recall) {
    clear();
    setEditing(recall);
    setDraft(draftOf(recall));
    formRef.current?.scrollIntoView?.({ block: 'start' });
  }

  function stopEditing() {
    clear();
    setEditing(null);
    setDraft(EMPTY);
  }

  async function close(recall: Recall) {
    if (!window.confirm(t('admin.recall.closeConfirm', { title: recall.title[lang] }))) return;
    try {
      await closeRecall(recall.id);
      toast.success(t('admin.recall.closed'));
      if (editing?.id === recall.id) stopEditing();
      await Promise.all([mutate(RECALLS_PATH), mutate(recallKey(recall.id))]);
    } catch (error) {
      toast.error(t('admin.recall.failed') + ' ' + errorText(error, ADMIN_FAILED));
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors<Field> = {};
    for (const field of FIELDS) if (!draft[field].trim()) found[field] = t('admin.recall.errors.required');
    if (Object.keys(found).length > 0) {
      show(found, null);
      return;
    }
    const text = (name: (typeof TEXTS)[number]) => ({ en: draft[`${name}.en`].trim(), bg: draft[`${name}.bg`].trim() });
    const body: RecallBody = {
      title: text('title'),
      hazard: text('hazard'),
      remedy: text('remedy'),
      variants: [...chosen].map((key) => {
        const [colorId, size] = key.split(':');
        return { colorId: Number(colorId), size: size as Size };
      }),
    };
    setBusy(true);
    clear();
    try {
      if (editing) {
        const { title, hazard, remedy } = body;
        await editRecall(editing.id, { title, hazard, remedy });
        toast.success(t('admin.recall.saved'));
        stopEditing();
        await Promise.all([mutate(RECALLS_PATH), mutate(recallKey(editing.id))]);
        return;
      }
      const answer = await publishRecall(product.id, body);
      setPublished({ id: answer.recall.id, mailed: answer.mailed });
      setDraft(EMPTY);
      setChosen(new Set());
      toast.success(t('admin.recall.published', { count: answer.mailed }));
      await Promise.all([mutate(RECALLS_PATH), mutate(SETTINGS_PATH)]);
    } catch (error) {
      toast.error(t('admin.recall.failed'));
      if (isApiError(error) && error.code === 'RECALL_CLOSED') show({}, t('admin.recall.errors.closed'));
      else if (isApiError(error) && error.status === 409) show({}, t('admin.recall.errors.exists'));
      else if (isApiError(error) && error.status === 400) {
        const mapped: FieldErrors<Field> = {};
        for (const key of Object.keys(error.fields))
          if ((FIELDS as string[]).includes(key)) mapped[key as Field] = error.fields[key]!;
        show(mapped, Object.keys(mapped).length > 0 ? null : errorText(error, ADMIN_FAILED));
      } else show({}, errorText(error, ADMIN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const control = (field: Field) => {
    const multiline = !field.startsWith('title');
    const props = {
      id: `${id}-${field}`,
      value: draft[field],
      disabled: busy,
      maxLength: multiline ? RECALL_TEXT_MAX : RECALL_TITLE_MAX,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.target.value;
        setDraft((current) => ({ ...current, [field]: value }));
        clear(field);
      },
    };
    return (
      <div className={form.field} key={field}>
        <label htmlFor={props.id} className={form.label}>
          {t(`admin.recall.fields.${field.replace(/\.(\w)/, (_, c: string) => c.toUpperCase())}`)}
        </label>
        {multiline ? (
          <textarea className={form.textarea} rows={3} {...props} />
        ) : (
          <input className={form.input} type="text" autoComplete="off" {...props} />
        )}
        {errors[field] && (
          <p id={`${id}-${field}-error`} className={form.error}>
            {errors[field]}
          </p>
        )}
      </div>
    );
  };

  return (
    <EditorPanel
      title={t('admin.recall.title')}
      hint={t('admin.recall.hint')}
      status={
        <>
          {published && (
            <p role="status">
              {t('admin.recall.done', { count: published.mailed })}{' '}
              <Link to={`/recalls/${published.id}`}>{t('admin.recall.open')}</Link>
            </p>
          )}
          {notices.length > 0 && (
            <ul className={own.notices} aria-label={t('admin.recall.notices')}>
              {notices.map((recall) => (
                <li key={recall.id} className={own.notice}>
                  <span>
                    <Link to={`/recalls/${recall.id}`}>{recall.title[lang]}</Link>{' '}
                    <span className={form.hint}>
                      {recall.closedAt
                        ? t('recalls.closed', { date: formatShopDate(recall.closedAt, lang) })
                        : t('admin.recall.since', { date: formatShopDate(recall.publishedAt, lang) })}
                    </span>
                  </span>
                  {!recall.closedAt && (
                    <span className={own.noticeActions}>
                      <button
                        type="button"
                        className={button.secondary}
                        disabled={busy}
                        aria-label={t('admin.recall.editNamed', { title: recall.title[lang] })}
                        onClick={() => startEditing(recall)}
                      >
                        {t('admin.recall.edit')}
                      </button>
                      <button
                        type="button"
                        className={button.secondary}
                        disabled={busy}
                        aria-label={t('admin.recall.closeNamed', { title: recall.title[lang] })}
                        onClick={() => void close(recall)}
                      >
                        {t('admin.recall.close')}
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {editing && <p role="status">{t('admin.recall.editing', { title: editing.title[lang] })}</p>}
        </>
      }
      formRef={formRef}
      onSubmit={submit}
      summary={summary}
      submitLabel={editing ? t('admin.recall.save') : busy ? t('admin.recall.publishing') : t('admin.recall.publish')}
      busy={busy}
      secondary={
        editing && (
          <button type="button" className={button.secondary} disabled={busy} onClick={stopEditing}>
            {t('admin.recall.cancel')}
          </button>
        )
      }
    >
      {TEXTS.map((name) => (
        <div className={styles.fields} key={name}>
          {LANGUAGES.map((language) => control(`${name}.${language}`))}
        </div>
      ))}
      <fieldset className={form.fieldset} hidden={editing !== null}>
        <legend className={form.label}>{t('admin.recall.variants')}</legend>
        {product.colors.map((color) => (
          <div key={color.id} className={own.variants} role="group" aria-label={colorNameIn(color, lang)}>
            {product.sizes.map(({ size }) => {
              const key = variantKey(color.id, size);
              return (
                <label key={key} className={`${form.check} ${form.compact}`}>
                  <input type="checkbox" checked={chosen.has(key)} disabled={busy} onChange={() => toggle(key)} />
                  {colorNameIn(color, lang)} {size}
                </label>
              );
            })}
          </div>
        ))}
      </fieldset>
    </EditorPanel>
  );
}
