import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract';
import { INTL_LOCALES } from '../../../lib/intl-locales';
import styles from './complaints-screen.module.css';

const DAY_MS = 86_400_000;

/** A day as the admin screens write it ("29 Nov 2026", "29.11.2026 г."). */
export const dateOf = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: 'medium' }).format(new Date(iso));

/** Days left to the due date, negative when it passed. */
export const daysLeft = (dueAt: string, now = Date.now()) => Math.ceil((Date.parse(dueAt) - now) / DAY_MS);

/**
 * An open complaint's due date with the days left, or how many days overdue (oxblood, and said in
 * words): the register's rows and the dashboard's panel write it alike.
 */
export function DueDate({ dueAt, lang, label }: { dueAt: string; lang: Language; label?: (date: string) => string }) {
  const { t } = useTranslation();
  const left = daysLeft(dueAt);
  const date = dateOf(dueAt, lang);
  return (
    <span data-overdue={left < 0 ? '' : undefined} className={styles.due}>
      {label ? label(date) : date}{' '}
      <span className={label ? undefined : styles.block}>
        {left < 0 ? t('complaints.admin.overdue', { count: -left }) : t('complaints.admin.daysLeft', { count: left })}
      </span>
    </span>
  );
}
