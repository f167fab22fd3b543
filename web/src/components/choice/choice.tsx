import type { ReactNode } from 'react';
import styles from './choice.module.css';

interface ChoiceProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  /** What is chosen ("Card", "To an office"). */
  title: ReactNode;
  /** What it means or costs: below the title, or at the row's far end with `layout="row"`. */
  detail?: ReactNode;
  layout?: 'stack' | 'row';
}

/** One radio card of a group (`ChoiceGroup`): the whole card is the label. */
export function Choice({ name, value, checked, onChange, disabled, title, detail, layout = 'stack' }: ChoiceProps) {
  return (
    <label className={layout === 'row' ? `${styles.choice} ${styles.row}` : styles.choice}>
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} />
      <span className={styles.text}>
        <span className={styles.name}>{title}</span>
        {detail != null && <span className={styles.detail}>{detail}</span>}
      </span>
    </label>
  );
}

interface ChoiceGroupProps {
  legend: ReactNode;
  /** The legend for screen readers only, where a heading above already says it. */
  legendHidden?: boolean;
  legendClassName?: string;
  describedBy?: string;
  children: ReactNode;
}

/** A fieldset of radio cards. */
export function ChoiceGroup({ legend, legendHidden, legendClassName, describedBy, children }: ChoiceGroupProps) {
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={legendHidden ? 'visually-hidden' : legendClassName}>{legend}</legend>
      {children}
    </fieldset>
  );
}
