import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH } from '@shop/contract';
import { SearchIcon } from '../../../components/icons/icons';
import styles from './search-form.module.css';

interface SearchFormProps {
  /** What the field starts with (the current search on the results page). */
  initial?: string;
  autoFocus?: boolean;
  /** Called once the search is submitted (the navbar closes its panel). */
  onSearch?: () => void;
  className?: string;
}

/**
 * A search box that leads to `/search?q=`. A plain GET form: it works before the app has
 * loaded, and the app then takes the submit over without a page load.
 */
export function SearchForm({ initial = '', autoFocus = false, onSearch, className }: SearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <form
      role="search"
      action="/search"
      method="get"
      className={`${styles.form} ${className ?? ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        const q = value.trim();
        if (!q) return;
        void navigate(`/search?q=${encodeURIComponent(q)}`);
        onSearch?.();
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {t('nav.searchLabel')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        className={styles.input}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('nav.searchPlaceholder')}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        required
      />
      <button type="submit" className={styles.submit} aria-label={t('nav.searchSubmit')}>
        <SearchIcon />
      </button>
    </form>
  );
}
