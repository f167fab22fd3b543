import type { ReactNode } from 'react';
import styles from './switch.module.css';

interface SwitchProps {
  checked: boolean;
  disabled?: boolean | undefined;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/**
 * An on/off setting: a native checkbox with the switch role, laid over the whole track so the
 * track, the knob and the label all toggle it, with the keyboard focus ring on the track.
 */
export function Switch({ checked, disabled, onChange, children }: SwitchProps) {
  return (
    <label className={styles.switch}>
      <span className={styles.control}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className={styles.track} aria-hidden="true" />
      </span>
      <span>{children}</span>
    </label>
  );
}
