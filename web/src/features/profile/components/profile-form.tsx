import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Profile } from '@shop/contract';
import { Field } from '../../../components/field/field';
import button from '../../../components/button/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { saveAvatar } from '../api/save-avatar';
import { updateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import styles from './profile-form.module.css';

type Editable = 'name' | 'address' | 'phone';
type Errors = Partial<Record<Editable, string>>;

const LIMITS: Record<Editable, number> = { name: 100, address: 300, phone: 32 };
const PHONE = /^[+\d\s()-]*$/;

interface ProfileFormProps {
  profile: Profile;
  /** Called after a successful save (refreshes the cached profile), before going home. */
  onSaved: () => Promise<unknown> | void;
  onLogout: () => Promise<void> | void;
}

/**
 * The profile (spec: Profile page): avatar, editable name, address and phone, read-only email.
 * Save is enabled only after a change; a save goes home. The form keeps what was typed while
 * the profile refreshes in the background.
 */
export function ProfileForm({ profile, onSaved, onLogout }: ProfileFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Editable, string>>({
    name: profile.name,
    address: profile.address,
    phone: profile.phone,
  });
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const changed =
    preview !== null ||
    values.name !== profile.name ||
    values.address !== profile.address ||
    values.phone !== profile.phone;

  const set = (field: Editable) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function validate(): Errors {
    const found: Errors = {};
    if (!values.name.trim()) found.name = t('profile.errors.nameRequired');
    for (const field of Object.keys(LIMITS) as Editable[]) {
      if (values[field].trim().length > LIMITS[field])
        found[field] = t('profile.errors.tooLong', { max: LIMITS[field] });
    }
    if (!found.phone && !PHONE.test(values.phone.trim())) found.phone = t('profile.errors.phone');
    return found;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed || saving) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(t('profile.saveFailed'));
      return;
    }
    setSaving(true);
    try {
      await updateProfile({ name: values.name.trim(), address: values.address.trim(), phone: values.phone.trim() });
      if (preview) await saveAvatar(preview);
      await onSaved();
      toast.success(t('profile.saved'));
      void navigate('/');
    } catch (error) {
      toast.error(t('profile.saveFailed'));
      if (isApiError(error) && error.status === 400) {
        const fields = error.fields;
        setErrors(
          Object.fromEntries(
            (Object.keys(LIMITS) as Editable[])
              .filter((field) => fields[field])
              .map((field) => [field, t('profile.errors.invalid')]),
          ),
        );
      }
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={saving}>
      <AvatarPicker
        src={preview ?? profile.profilePicture}
        name={values.name || profile.name}
        onUploaded={setPreview}
        disabled={saving}
      />
      <div className={styles.fields}>
        <Field
          label={t('profile.fields.name')}
          name="name"
          autoComplete="name"
          maxLength={LIMITS.name}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
        />
        <Field
          label={t('profile.fields.email')}
          type="email"
          name="email"
          value={profile.email}
          readOnly
          hint={t('profile.emailReadOnly')}
        />
        <Field
          label={t('profile.fields.address')}
          name="address"
          autoComplete="street-address"
          maxLength={LIMITS.address}
          value={values.address}
          onChange={set('address')}
          error={errors.address}
          className={styles.wide}
        />
        <Field
          label={t('profile.fields.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          maxLength={LIMITS.phone}
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          hint={t('profile.phoneHint')}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={!changed || saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </button>
        <button type="button" className={button.secondary} onClick={onLogout} disabled={saving}>
          {t('profile.logout')}
        </button>
      </div>
    </form>
  );
}
