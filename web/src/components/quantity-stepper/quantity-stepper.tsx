import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shop/contract';
import { MinusIcon, PlusIcon } from '../icons/icons';
import styles from './quantity-stepper.module.css';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /**
   * Said at a maximum below 99 instead of the bulk-order note (e.g. "Only 5 left"); null: nothing,
   * where the page already says it beside the stepper.
   */
  limitNote?: string | null | undefined;
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/**
 * Minus, a digits-only text field and plus, clamped to min..max (1..99 by default). At the
 * maximum it points bulk buyers to the contact page.
 */
export function QuantityStepper({
  value,
  onChange,
  min = QUANTITY_MIN,
  max = QUANTITY_MAX,
  limitNote,
}: QuantityStepperProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const messageId = useId();
  // What the field shows while typing: it may be empty for a moment, the value never is.
  const [draft, setDraft] = useState<string | null>(null);

  function commit(next: number) {
    setDraft(null);
    onChange(clamp(next, min, max));
  }

  function onInput(event: React.ChangeEvent<HTMLInputElement>) {
    const digits = event.target.value.replace(/\D/g, '');
    if (digits === '') {
      setDraft('');
      return;
    }
    commit(Number.parseInt(digits, 10));
  }

  const atMax = value >= max;

  return (
    <div className={styles.root}>
      <label htmlFor={inputId} className={styles.label}>
        {t('quantity.label')}
      </label>
      <div className={styles.control}>
        <button
          type="button"
          className={styles.step}
          onClick={() => commit(value - 1)}
          disabled={value <= min}
          aria-label={t('quantity.decrease')}
        >
          <MinusIcon width={18} height={18} />
        </button>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={draft ?? String(value)}
          onChange={onInput}
          onBlur={() => setDraft(null)}
          aria-describedby={atMax ? messageId : undefined}
        />
        <button
          type="button"
          className={styles.step}
          onClick={() => commit(value + 1)}
          disabled={atMax}
          aria-label={t('quantity.increase')}
        >
          <PlusIcon width={18} height={18} />
        </button>
      </div>
      <p id={messageId} className={styles.message} role="status">
        {atMax && limitNote && <span className={styles.max}>{limitNote}</span>}
        {atMax && limitNote === undefined && (
          <>
            <span className={styles.max}>{t('quantity.maxReached')}</span>{' '}
            <Link to="/contact-us" className={styles.link}>
              {t('quantity.bulkContact')}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
