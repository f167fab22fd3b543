const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * A `datetime-local` value ("2026-12-01T09:00"), read in the browser's own time zone, as an ISO
 * instant with that zone's offset ("2026-12-01T09:00:00+02:00"); '' or unreadable: undefined.
 */
export function localInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** An instant as a `datetime-local` value in the browser's own time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
