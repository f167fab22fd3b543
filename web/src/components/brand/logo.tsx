import styles from './logo.module.css';

/**
 * The wordmark. Drawn as SVG text in the display face so it scales crisply and inherits colour;
 * the accessible name comes from the surrounding link, so the drawing itself is hidden.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      className={[styles.logo, className].filter(Boolean).join(' ')}
      viewBox="0 0 320 40"
      width="320"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <text x="164" y="29" textAnchor="middle" className={styles.word}>
        ATELIER NOIR
      </text>
    </svg>
  );
}
