import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import form from './form.module.css';

interface ColorNameFieldProps {
  value: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  onChange: (value: string) => void;
}

/** A colour's name, required: in the product forms' colour cards and the add-a-colour dialog. */
export function ColorNameField({ value, error, disabled, onChange }: ColorNameFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {t('admin.form.colorName')}{' '}
        <span className={form.required} aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={id}
        className={form.input}
        value={value}
        maxLength={60}
        required
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
