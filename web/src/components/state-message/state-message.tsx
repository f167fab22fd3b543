import type { ReactNode } from 'react';
import styles from './state-message.module.css';

interface StateMessageProps {
  kind: 'empty' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  /** A heading level when the message stands in for a whole page. */
  as?: 'p' | 'h1' | 'h2';
}

/** The empty and error states of data-driven views. Errors are announced. */
export function StateMessage({ kind, title, children, as: Title = 'p' }: StateMessageProps) {
  return (
    <div className={styles.root} data-kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      <Title className={styles.title}>{title}</Title>
      {children}
    </div>
  );
}
