import { z } from 'zod';

/**
 * Text fields of requests. Control characters (C0, DEL and C1: a NUL that PostgreSQL refuses, an
 * escape that rewrites a terminal, a form feed in a name) have no place in what a person types:
 * every text field of a request is `text()` (one line) or `multilineText()` (a description, a
 * note, a message, a review: a line break and a tab besides), so each refuses them with a 400
 * naming the field. Chain `.trim()`, `.min()`, `.max()` as on `z.string()`.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters (such as a null byte) from this text.';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LINE_BREAKS_AND_TABS: ReadonlySet<number> = new Set([TAB, LINE_FEED, CARRIAGE_RETURN]);
const NONE: ReadonlySet<number> = new Set();

/** Whether `value` holds a control character that `allowed` does not name. */
function hasControlCharacter(value: string, allowed: ReadonlySet<number>): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) && !allowed.has(code)) return true;
  }
  return false;
}

type StringParams = Parameters<typeof z.string>[0];

const refusing = (params: StringParams, allowed: ReadonlySet<number>) =>
  z
    .string(params)
    .refine((value) => !hasControlCharacter(value, allowed), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });

/** One line of text: no control character at all. */
export const text = (params?: StringParams) => refusing(params, NONE);

/** Text of several lines: line breaks (\n, \r) and tabs, but no other control character. */
export const multilineText = (params?: StringParams) => refusing(params, LINE_BREAKS_AND_TABS);
