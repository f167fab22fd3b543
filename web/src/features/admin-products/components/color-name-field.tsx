import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import form from '../../../components/form/form.module.css';

interface ColorNameFieldProps {
  /** `en` (the default): the name every language falls back to, required. `bg`: the Bulgarian name, optional. */
  language?: 'en' | 'bg';
  value: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  onChange: (value: string) => void;
}

/** A colour's name in the product forms' colour cards and the add-a-colour dialog. */
export function ColorNameField({ language = 'en', value, error, disabled, onChange }: ColorNameFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const required = language === 'en';
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {required ? t('admin.form.colorName') : t('admin.form.colorNameBg')}
        {required && (
          <>
            {' '}
            <span className={form.required} aria-hidden="true">
              *
            </span>
          </>
        )}
      </label>
      <input
        id={id}
        className={form.input}
        lang={language}
        value={value}
        maxLength={60}
        required={required}
        disabled={disabled}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={form.error}>
          {error}
        </p>
      )}
    </div>
  );
}
