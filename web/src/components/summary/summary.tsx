import { useId, type ReactNode } from 'react';
import styles from './summary.module.css';

interface SummaryLayoutProps {
  /** The lines, then the SummaryPanel. */
  children: ReactNode;
  /** The checkout's panel is a little wider, for its larger total. */
  wide?: boolean;
}

/** The cart and checkout pages: the lines, and beside them on wide screens the summary panel. */
export function SummaryLayout({ children, wide }: SummaryLayoutProps) {
  return <div className={wide ? `${styles.layout} ${styles.wide}` : styles.layout}>{children}</div>;
}

/** The list the lines of a SummaryLayout stand in. */
export function SummaryLines({ children }: { children: ReactNode }) {
  return <ul className={styles.lines}>{children}</ul>;
}

interface SummaryPanelProps {
  title: string;
  children: ReactNode;
  /** A hook for the caller's rules about what it puts in the panel. */
  className?: string | undefined;
}

/** The dark panel with the total and the way on; it stays in view beside the lines. */
export function SummaryPanel({ title, children, className }: SummaryPanelProps) {
  const titleId = useId();
  return (
    <aside className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </aside>
  );
}

interface SummaryTotalProps {
  label: string;
  amount: string;
  /** For tests: the amount's data-testid. */
  testId?: string;
  /** The amount to pay: ruled above and below, in a larger figure. */
  framed?: boolean;
}

/** The panel's total: the label, and the amount at the far end. */
export function SummaryTotal({ label, amount, testId, framed }: SummaryTotalProps) {
  return (
    <p className={framed ? `${styles.total} ${styles.framed}` : styles.total}>
      <span>{label}</span>
      <span className={styles.amount} data-testid={testId}>
        {amount}
      </span>
    </p>
  );
}
