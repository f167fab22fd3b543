import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import field from '../field/field.module.css';
import styles from './date-picker.module.css';

/** A calendar day as `YYYY-MM-DD`, in the shopper's own calendar (as `<input type="date">` writes it). */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const dateOf = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

const addDays = (day: string, days: number) => {
  const date = dateOf(day);
  date.setDate(date.getDate() + days);
  return isoDay(date);
};

/** The same day `months` later, or the month's last day when it has fewer. */
const addMonths = (day: string, months: number) => {
  const date = dateOf(day);
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(date.getDate(), last));
  return isoDay(target);
};

/** Days written `YYYY-MM-DD` compare as strings. */
const within = (day: string, min: string, max: string) => (day < min ? min : day > max ? max : day);

/** Monday 0 … Sunday 6. */
const weekdayOf = (date: Date) => (date.getDay() + 6) % 7;

/** The weeks of the month `day` is in, Monday first; null where a week reaches into the months around it. */
function weeksOf(day: string): (string | null)[][] {
  const first = dateOf(day);
  first.setDate(1);
  const length = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let date = 1; date <= length; date += 1) {
    cells.push(isoDay(new Date(first.getFullYear(), first.getMonth(), date)));
  }
  while (cells.length % 7 > 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The keys that move the calendar's focus (the APG's date picker grid), and where to. */
const MOVES: Record<string, (day: string, shift: boolean) => string> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => addDays(day, -weekdayOf(dateOf(day))),
  End: (day) => addDays(day, 6 - weekdayOf(dateOf(day))),
  PageUp: (day, shift) => addMonths(day, shift ? -12 : -1),
  PageDown: (day, shift) => addMonths(day, shift ? 12 : 1),
};

interface DatePickerProps {
  label: string;
  /** The chosen day, `YYYY-MM-DD`. */
  value: string;
  /** The first and last days that may be chosen, `YYYY-MM-DD`. */
  min: string;
  max: string;
  onChange: (day: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

/**
 * A day chosen on a calendar in the page's language (month and weekday names from the locale
 * files, Monday first), not the browser's date field, which follows the browser's locale. A
 * button shows the chosen day and opens the month's grid: arrows move by a day or a week, Home
 * and End to the week's ends, Page Up and Page Down by a month (with Shift a year), Enter or
 * Space chooses, Escape closes; days outside `min`–`max` cannot be chosen.
 */
export function DatePicker({ label, value, min, max, onChange, hint, error }: DatePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(value);
  const moveFocus = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const months = t('datePicker.months').split(',');
  const weekdays = t('datePicker.weekdays').split(',');
  const short = t('datePicker.weekdaysShort').split(',');
  const longDay = (day: string) => {
    const date = dateOf(day);
    return t('datePicker.day', { day: date.getDate(), month: months[date.getMonth()], year: date.getFullYear() });
  };
  const shown = dateOf(focused);
  const today = isoDay(new Date());

  useEffect(() => {
    if (!open || !moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [open, focused]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onGridKey = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(within(move(focused, event.shiftKey), min, max));
  };

  const firstOfShown = isoDay(new Date(shown.getFullYear(), shown.getMonth(), 1));
  const lastOfShown = isoDay(new Date(shown.getFullYear(), shown.getMonth() + 1, 0));
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div
      ref={root}
      className={field.field}
      data-invalid={error ? '' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close();
        }
      }}
    >
      <span id={`${id}-label`} className={field.label}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className={`${field.input} ${styles.trigger}`}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-calendar` : undefined}
        onClick={() => {
          if (open) return close();
          setFocused(within(value, min, max));
          moveFocus.current = true;
          setOpen(true);
        }}
      >
        <span id={`${id}-value`}>{longDay(value)}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <rect x="3.5" y="5" width="17" height="15" rx="2" />
          <path d="M3.5 10h17M8 3v4M16 3v4" />
        </svg>
      </button>
      {open && (
        <div id={`${id}-calendar`} role="dialog" aria-labelledby={`${id}-month`} className={styles.calendar}>
          <div className={styles.head}>
            <button
              type="button"
              className={styles.turn}
              aria-label={t('datePicker.previousMonth')}
              disabled={firstOfShown <= min}
              onClick={() => setFocused(within(addMonths(focused, -1), min, max))}
            >
              ‹
            </button>
            <p id={`${id}-month`} className={styles.month} aria-live="polite">
              {t('datePicker.month', { month: months[shown.getMonth()], year: shown.getFullYear() })}
            </p>
            <button
              type="button"
              className={styles.turn}
              aria-label={t('datePicker.nextMonth')}
              disabled={lastOfShown >= max}
              onClick={() => setFocused(within(addMonths(focused, 1), min, max))}
            >
              ›
            </button>
          </div>
          <table ref={grid} role="grid" aria-labelledby={`${id}-month`} className={styles.grid} onKeyDown={onGridKey}>
            <thead>
              <tr>
                {short.map((name, index) => (
                  <th key={name} scope="col" abbr={weekdays[index]}>
                    <span aria-hidden="true">{name}</span>
                    <span className="visually-hidden">{weekdays[index]}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(focused).map((week) => (
                <tr key={week.find(Boolean)}>
                  {week.map((day, index) =>
                    day === null ? (
                      <td key={`empty-${index}`} />
                    ) : (
                      <td key={day} aria-selected={day === value}>
                        <button
                          type="button"
                          data-day={day}
                          tabIndex={day === focused ? 0 : -1}
                          disabled={day < min || day > max}
                          aria-label={longDay(day)}
                          aria-current={day === today ? 'date' : undefined}
                          className={styles.day}
                          onClick={() => {
                            onChange(day);
                            close();
                          }}
                        >
                          {dateOf(day).getDate()}
                        </button>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hint && (
        <p id={hintId} className={field.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={field.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
