import button from '../button/button.module.css';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  pages: number;
  onGo: (page: number) => void;
  /** The screen's own words: the navigation's name, the two buttons, and "Page 2 of 5". */
  labels: { nav: string; previous: string; next: string; of: string };
}

/** Previous / "Page n of m" / Next under an admin list; nothing when there is one page. */
export function Pager({ page, pages, onGo, labels }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={labels.nav}>
      <button type="button" className={button.secondary} disabled={page <= 1} onClick={() => onGo(page - 1)}>
        {labels.previous}
      </button>
      <span aria-live="polite">{labels.of}</span>
      <button type="button" className={button.secondary} disabled={page >= pages} onClick={() => onGo(page + 1)}>
        {labels.next}
      </button>
    </nav>
  );
}
