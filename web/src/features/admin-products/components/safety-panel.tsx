import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import { SAFETY_MAX_LENGTH, type Product, type ProductDetailsBody } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { useFormProblems, type FieldErrors } from '../../../lib/use-form-problems';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { Switch } from '../../../components/switch/switch';
import { saveDetails } from '../api/details';
import { revalidateCatalog } from '../api/revalidate-catalog';
import form from '../../../components/form/form.module.css';
import { EditorPanel } from './editor-panel';
import styles from './size-fit-panel.module.css';

type Field = 'safetyEn' | 'safetyBg' | 'name' | 'address' | 'email' | 'repName' | 'repAddress' | 'repEmail';
type PartyField = 'name' | 'address' | 'email' | 'repName' | 'repAddress' | 'repEmail';

interface Draft {
  safetyEn: string;
  safetyBg: string;
  /** Whether the seller (the shop's settings) is the manufacturer. */
  seller: boolean;
  name: string;
  address: string;
  email: string;
  /** A manufacturer outside the EU: its responsible person in the EU is named too (Art. 19(b)). */
  outsideEu: boolean;
  repName: string;
  repAddress: string;
  repEmail: string;
}

const draftOf = (product: Product): Draft => ({
  safetyEn: product.safety?.en ?? '',
  safetyBg: product.safety?.bg ?? '',
  seller: !product.manufacturer,
  name: product.manufacturer?.name ?? '',
  address: product.manufacturer?.address ?? '',
  email: product.manufacturer?.email ?? '',
  outsideEu: Boolean(product.manufacturer?.responsiblePerson),
  repName: product.manufacturer?.responsiblePerson?.name ?? '',
  repAddress: product.manufacturer?.responsiblePerson?.address ?? '',
  repEmail: product.manufacturer?.responsiblePerson?.email ?? '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The API's field names (`safety.en`, `manufacturer.email`) → the panel's, with the message it
 * shows in the page's language (the textareas' maxLength keeps the length within the API's limit).
 */
const SERVER_FIELDS: Record<string, [Field, string]> = {
  'safety.en': ['safetyEn', 'admin.safety.errors.bothLanguages'],
  'safety.bg': ['safetyBg', 'admin.safety.errors.bothLanguages'],
  'manufacturer.name': ['name', 'admin.safety.errors.name'],
  'manufacturer.address': ['address', 'admin.safety.errors.address'],
  'manufacturer.email': ['email', 'admin.safety.errors.email'],
  'manufacturer.responsiblePerson.name': ['repName', 'admin.safety.errors.repName'],
  'manufacturer.responsiblePerson.address': ['repAddress', 'admin.safety.errors.repAddress'],
  'manufacturer.responsiblePerson.email': ['repEmail', 'admin.safety.errors.repEmail'],
};

/**
 * The editor's Safety & manufacturer panel (Regulation (EU) 2023/988, Art. 19; decision 0054): the
 * warnings and safety information in both languages, and who made the product when not the
 * seller, saved on their own through PUT /admin/products/{id}/details.
 */
export function SafetyPanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary, clear, show } = useFormProblems<Field>(formRef);
  const [saved, setSaved] = useState<Draft>(() => draftOf(product));
  const [draft, setDraft] = useState<Draft>(saved);
  useUnsavedChanges(isDirty(draft, saved));
  const [busy, setBusy] = useState(false);

  function check(): { body: ProductDetailsBody | null; found: FieldErrors<Field> } {
    const found: FieldErrors<Field> = {};
    const en = draft.safetyEn.trim();
    const bg = draft.safetyBg.trim();
    if (en && !bg) found.safetyBg = t('admin.safety.errors.bothLanguages');
    if (bg && !en) found.safetyEn = t('admin.safety.errors.bothLanguages');
    if (!draft.seller) {
      if (!draft.name.trim()) found.name = t('admin.safety.errors.name');
      if (!draft.address.trim()) found.address = t('admin.safety.errors.address');
      if (!EMAIL.test(draft.email.trim())) found.email = t('admin.safety.errors.email');
      if (draft.outsideEu) {
        if (!draft.repName.trim()) found.repName = t('admin.safety.errors.repName');
        if (!draft.repAddress.trim()) found.repAddress = t('admin.safety.errors.repAddress');
        if (!EMAIL.test(draft.repEmail.trim())) found.repEmail = t('admin.safety.errors.repEmail');
      }
    }
    if (Object.keys(found).length > 0) return { body: null, found };
    return {
      body: {
        safety: { en, bg },
        manufacturer: draft.seller
          ? null
          : {
              name: draft.name.trim(),
              address: draft.address.trim(),
              email: draft.email.trim(),
              responsiblePerson: draft.outsideEu
                ? { name: draft.repName.trim(), address: draft.repAddress.trim(), email: draft.repEmail.trim() }
                : null,
            },
      },
      found,
    };
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { body, found } = check();
    if (!body) {
      show(found, null);
      return;
    }
    setBusy(true);
    clear();
    try {
      await saveDetails(product.id, body);
    } catch (error) {
      setBusy(false);
      toast.error(t('admin.safety.failed'));
      if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) {
        const mapped: FieldErrors<Field> = {};
        for (const key of Object.keys(error.fields)) {
          const known = SERVER_FIELDS[key];
          if (known) mapped[known[0]] = t(known[1]);
        }
        show(mapped, Object.keys(mapped).length > 0 ? null : t('admin.safety.errors.other'));
      } else show({}, errorText(error, ADMIN_FAILED));
      return;
    }
    setSaved(draft);
    await revalidateCatalog(mutate);
    setBusy(false);
    toast.success(t('admin.safety.saved'));
  }

  const set = (patch: Partial<Draft>, field?: Field) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (field) clear(field);
  };
  const describedBy = (name: Field, hint?: string) =>
    [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const errorLine = (name: Field) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className={form.error}>
        {errors[name]}
      </p>
    );
  const area = (name: 'safetyEn' | 'safetyBg', label: string) => (
    <div className={form.field}>
      <label htmlFor={`${id}-${name}`} className={form.label}>
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        className={form.textarea}
        rows={4}
        maxLength={SAFETY_MAX_LENGTH}
        value={draft[name]}
        disabled={busy}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        onChange={(event) => set({ [name]: event.target.value }, name)}
      />
      {errorLine(name)}
    </div>
  );
  const input = (name: PartyField, label: string, type = 'text') => (
    <div className={form.field}>
      <label htmlFor={`${id}-${name}`} className={form.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={form.input}
        type={type}
        value={draft[name]}
        autoComplete="off"
        disabled={busy}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        onChange={(event) => set({ [name]: event.target.value }, name)}
      />
      {errorLine(name)}
    </div>
  );

  return (
    <EditorPanel
      title={t('admin.safety.title')}
      hint={t('admin.safety.hint')}
      formRef={formRef}
      onSubmit={submit}
      summary={summary}
      submitLabel={busy ? t('admin.safety.saving') : t('admin.safety.save')}
      busy={busy}
    >
      <div className={styles.fields}>
        {area('safetyEn', t('admin.safety.safetyEn'))}
        {area('safetyBg', t('admin.safety.safetyBg'))}
      </div>
      <Switch checked={draft.seller} disabled={busy} onChange={(seller) => set({ seller })}>
        {t('admin.safety.sellerIsManufacturer')}
      </Switch>
      {!draft.seller && (
        <div className={styles.fields}>
          {input('name', t('admin.safety.name'))}
          {input('email', t('admin.safety.email'), 'email')}
          {input('address', t('admin.safety.address'))}
        </div>
      )}
      {!draft.seller && (
        <Switch checked={draft.outsideEu} disabled={busy} onChange={(outsideEu) => set({ outsideEu })}>
          {t('admin.safety.outsideEu')}
        </Switch>
      )}
      {!draft.seller && draft.outsideEu && (
        <div className={styles.fields}>
          {input('repName', t('admin.safety.repName'))}
          {input('repEmail', t('admin.safety.repEmail'), 'email')}
          {input('repAddress', t('admin.safety.repAddress'))}
        </div>
      )}
    </EditorPanel>
  );
}
