import { useTranslation } from 'react-i18next';
import button from '../button/button.module.css';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  pages: number;
  onGo: (page: number) => void;
  /** The navigation's name: which list it pages ("Pages of returns"). */
  label: string;
}

/** Previous / "Page n of m" / Next under an admin list; nothing when there is one page. */
export function Pager({ page, pages, onGo, label }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={button.secondary} disabled={page <= 1} onClick={() => onGo(page - 1)}>
        {t('common.pager.previous')}
      </button>
      <span aria-live="polite">{t('common.pager.of', { page, pages })}</span>
      <button type="button" className={button.secondary} disabled={page >= pages} onClick={() => onGo(page + 1)}>
        {t('common.pager.next')}
      </button>
    </nav>
  );
}
