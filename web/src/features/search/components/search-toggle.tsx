import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/icons/icons';
import { SearchForm } from './search-form';
import styles from './search-toggle.module.css';

interface SearchToggleProps {
  /** The navbar's icon button style, so the search sits in the row of icons. */
  buttonClassName?: string | undefined;
}

/** The navbar's search: a button that opens a search field under the bar (phones included). */
export function SearchToggle({ buttonClassName }: SearchToggleProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes it.
  const [lastAddress, setLastAddress] = useState(pathname + search);
  if (lastAddress !== pathname + search) {
    setLastAddress(pathname + search);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.searchClose') : t('nav.searchOpen')}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open && (
          <SearchForm
            autoFocus
            initial={pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : ''}
            onSearch={() => setOpen(false)}
          />
        )}
      </div>
    </>
  );
}
