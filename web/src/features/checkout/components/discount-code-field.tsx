import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/button/button.module.css';
import field from '../../../components/field/field.module.css';
import styles from './discount-code-field.module.css';

interface DiscountCodeFieldProps {
  /** What the shopper has typed. */
  value: string;
  onChange: (value: string) => void;
  /** The code the totals carry now, if any: shown with Remove instead of the input. */
  applied: string | null;
  /** A code is being checked. */
  applying: boolean;
  /** Why the last code was refused, in the shopper's language. */
  error: string | null;
  onApply: () => void;
  onRemove: () => void;
  disabled?: boolean;
}

/**
 * The checkout's discount code: typed and applied (the quote checks it), or applied and removable.
 * Its refusal stands under it, tied to the input by aria-describedby and announced.
 */
export function DiscountCodeField({
  value,
  onChange,
  applied,
  applying,
  error,
  onApply,
  onRemove,
  disabled,
}: DiscountCodeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;

  // Enter in this field applies the code; it must not place the order.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!applying && value.trim()) onApply();
  }

  return (
    <div className={field.field} data-invalid={error ? '' : undefined}>
      {applied ? (
        <span className={field.label}>{t('checkout.code.label')}</span>
      ) : (
        <label htmlFor={id} className={field.label}>
          {t('checkout.code.label')}
        </label>
      )}
      {applied ? (
        <div className={styles.applied}>
          <p className={styles.appliedText} id={`${id}-applied`}>
            {t('checkout.code.applied', { code: applied })}
          </p>
          <button
            type="button"
            className={button.secondary}
            onClick={onRemove}
            disabled={disabled}
            aria-describedby={`${id}-applied`}
          >
            {t('checkout.code.remove')}
          </button>
        </div>
      ) : (
        <div className={styles.row}>
          <input
            id={id}
            name="discountCode"
            className={`${field.input} ${styles.input}`}
            value={value}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className={button.secondary}
            onClick={onApply}
            disabled={disabled || applying || !value.trim()}
            aria-busy={applying}
          >
            {applying ? t('checkout.code.applying') : t('checkout.code.apply')}
          </button>
        </div>
      )}
      {error && (
        <p id={errorId} className={field.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
