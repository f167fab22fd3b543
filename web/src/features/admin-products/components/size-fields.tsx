import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Size } from '@shop/contract';
import form from '../../../components/form/form.module.css';
import styles from './size-fields.module.css';

interface SizeFieldsProps {
  /** The sizes offered as toggles, in the shop's order. */
  options: readonly Size[];
  chosen: ReadonlySet<Size>;
  /** The message under the group (none chosen). */
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  onToggle: (size: Size, on: boolean) => void;
  /** A button after the toggles that offers more sizes. */
  more?: { label: string; onClick: () => void } | undefined;
}

/** The sizes a product comes in, as a row of toggle buttons (create and edit forms). */
export function SizeFields({ options, chosen, error, hint, disabled, onToggle, more }: SizeFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className={form.fieldset} aria-describedby={described || undefined}>
      <legend className={form.legend}>{t('admin.form.sizes')}</legend>
      {hint && (
        <p id={`${id}-hint`} className={form.hint}>
          {hint}
        </p>
      )}
      <div className={styles.sizes}>
        {options.map((size) => (
          <label key={size} className={styles.size}>
            <input
              type="checkbox"
              name="sizes"
              value={size}
              checked={chosen.has(size)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onToggle(size, event.target.checked)}
            />
            <span>{size}</span>
          </label>
        ))}
        {more && (
          <button type="button" className={styles.more} disabled={disabled} onClick={more.onClick}>
            {more.label}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={form.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
