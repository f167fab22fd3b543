/**
 * Numbers and dates on the public pages, written by hand exactly as `Intl` writes them in en-GB
 * and bg-BG. A page's first `Intl` formatter costs the browser tens of milliseconds of locale data
 * in the middle of its start (docs/decisions/0012, 0045), and the server's ICU and the browser's
 * could differ by a space or a month's name and break hydration. The admin's screens keep `Intl`.
 */

export const NO_BREAK_SPACE = '\u00a0';
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const HOUR = 3_600_000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Thousands separators, from `minimumDigits` integer digits on (Bulgarian leaves 1234 whole). */
export const grouped = (digits: string, separator: string, minimumDigits: number) =>
  digits.length < minimumDigits ? digits : digits.replace(/\B(?=(\d{3})+$)/g, separator);

/** "1,234.5" and "1234,5": `value` with at most `maximumFractionDigits` decimals, as `toLocaleString`. */
export function formatNumber(value: number, language: string, maximumFractionDigits = 3): string {
  const fixed = Math.abs(value).toFixed(maximumFractionDigits);
  const [whole = '0', fraction] = (fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed).split('.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (language === 'bg') return `${sign}${grouped(whole, NO_BREAK_SPACE, 5)}${fraction ? `,${fraction}` : ''}`;
  return `${sign}${grouped(whole, ',', 4)}${fraction ? `.${fraction}` : ''}`;
}

/** The last Sunday of `month` (0-based) of `year`, at 01:00 UTC: when the EU's clocks change. */
function clockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
}

/** `date` moved by the shop's offset (Europe/Sofia: UTC+2, UTC+3 in summer), to be read with getUTC*. */
function inSofia(date: Date): Date {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  const summer = time >= clockChange(year, 2) && time < clockChange(year, 9);
  return new Date(time + (summer ? 3 : 2) * HOUR);
}

/**
 * The shop's calendar day of `iso` (Europe/Sofia), as `dateStyle: 'medium'` writes it: "30 Nov
 * 2026", "30.11.2026 г.". The same on the server's render and in any visitor's browser.
 */
export function formatShopDate(iso: string, language: string): string {
  const day = inSofia(new Date(iso));
  const [date, month, year] = [day.getUTCDate(), day.getUTCMonth(), day.getUTCFullYear()];
  if (language === 'bg') return `${date}.${twoDigits(month + 1)}.${year} г.`;
  return `${date} ${MONTHS_EN[month]} ${year}`;
}

/** A day and time in the visitor's own time zone, as "30 Nov, 21:59" and "30.11, 21:59". */
export function formatDayAndTime(date: Date, language: string): string {
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  if (language === 'bg') return `${date.getDate()}.${twoDigits(date.getMonth() + 1)}, ${time}`;
  return `${date.getDate()} ${MONTHS_EN[date.getMonth()]}, ${time}`;
}
