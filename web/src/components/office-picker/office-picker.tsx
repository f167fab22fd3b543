import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourierCities, CourierOffice, Language } from '@shop/contract';
import fieldStyles from '../field/field.module.css';
import { useCourierOffices } from '../../lib/couriers';
import styles from './office-picker.module.css';

/** How long typing rests before the list is asked again. */
const TYPING_PAUSE_MS = 200;

const NO_OFFICES: CourierOffice[] = [];

interface OfficePickerProps {
  lang: Language;
  cities: CourierCities;
  /** The city chosen (its name as the list says it) and the office chosen, if any. */
  city: string;
  officeId: number | null;
  /** The chosen office's name and address, as the order will keep them. */
  officeLabel: string;
  onCity: (city: string) => void;
  onPick: (office: CourierOffice) => void;
  /** Why the choice is refused ("Choose an office or locker from the list."). */
  error?: string;
  disabled?: boolean;
}

/** The words typed, once typing rests. */
function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The courier office or locker the parcel goes to (TRADE.md section 6): a city, then a search of
 * its offices by name or address in a combobox (WAI-ARIA's pattern: arrows move through the
 * options, Enter takes one, Escape closes the list), a locker marked as such.
 */
export function OfficePicker(props: OfficePickerProps) {
  const { lang, cities, city, officeId, officeLabel, onCity, onPick, error, disabled } = props;
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const settled = useSettled(query);
  const { data, isLoading } = useCourierOffices(lang, city, settled);
  const offices = data ?? NO_OFFICES;
  // The option the arrows are on, in the list they moved through: a list that came since (a new
  // search answered) starts at the top, so an arrow pressed on the old list never lands elsewhere.
  const [cursor, setCursor] = useState({ list: offices, index: 0 });
  // The list shown is not yet the answer to the words typed (SWR's `isLoading` counts the previous
  // search's list kept on screen as no answer; a refresh of the same search is not a search).
  const searching = query !== settled || isLoading;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;
  const expanded = open && city !== '';
  const active = cursor.list === offices ? Math.min(cursor.index, Math.max(offices.length - 1, 0)) : 0;
  const moveTo = (index: number) => setCursor({ list: offices, index });
  const optionId = (index: number) => `${id}-option-${index}`;

  function pick(office: CourierOffice) {
    onPick(office);
    setQuery('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      moveTo(offices.length === 0 ? 0 : (active + step + offices.length) % offices.length);
    } else if (event.key === 'Enter' && expanded) {
      // Enter takes the option, never submits the checkout.
      event.preventDefault();
      const office = offices[active];
      if (office) pick(office);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className={styles.picker} data-invalid={error ? '' : undefined}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-city`} className={fieldStyles.label}>
          {t('couriers.city')}
        </label>
        <select
          id={`${id}-city`}
          name="officeCity"
          className={`${fieldStyles.input} ${styles.select}`}
          value={city}
          disabled={disabled}
          onChange={(event) => {
            onCity(event.target.value);
            setQuery('');
            moveTo(0);
            setOpen(true);
          }}
        >
          <option value="">{t('couriers.chooseCity')}</option>
          {cities.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {t('couriers.cityOption', { city: entry.name, offices: entry.offices })}
            </option>
          ))}
        </select>
      </div>

      <div className={`${fieldStyles.field} ${styles.search}`}>
        <label htmlFor={`${id}-search`} className={fieldStyles.label}>
          {t('couriers.office')}
        </label>
        <input
          id={`${id}-search`}
          type="text"
          role="combobox"
          name="officeSearch"
          autoComplete="off"
          className={fieldStyles.input}
          placeholder={city ? t('couriers.searchPlaceholder') : t('couriers.cityFirst')}
          value={query}
          disabled={disabled || city === ''}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && offices[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[officeId ? chosenId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            moveTo(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('couriers.listLabel', { city })}
          className={styles.list}
          aria-busy={searching}
          hidden={!expanded}
        >
          {offices.map((office, index) => (
            <li
              key={office.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Keeps the focus in the field, so the click is the pick and not a blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(office)}
              onMouseEnter={() => moveTo(index)}
            >
              <span className={styles.name}>
                {office.name}
                {office.kind === 'locker' && <span className={styles.locker}>{t('couriers.locker')}</span>}
              </span>
              <span className={styles.address}>{office.address}</span>
            </li>
          ))}
          {offices.length === 0 && !searching && (
            <li className={styles.none} role="presentation">
              {t('couriers.noMatch')}
            </li>
          )}
        </ul>
        <p className="visually-hidden" role="status">
          {expanded && !searching ? t('couriers.found', { count: offices.length }) : ''}
        </p>
      </div>

      {officeId !== null && (
        <p id={chosenId} className={styles.chosen}>
          <span className={styles.chosenLabel}>{t('couriers.chosen')}</span> {officeLabel}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
