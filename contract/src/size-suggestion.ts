import { SIZES, type Size } from './constants.js';
import type { Fit, Measurement } from './fit.js';

/**
 * "Find my size" (TRADE.md section 5; issue 31): the size to order from the garment's own
 * measurements (fit.ts) and the shopper's body. Plain functions without zod, so that the product
 * page runs them without loading the schemas.
 */

export const FIT_TYPES = ['slim', 'regular', 'relaxed', 'oversized'] as const;
export type FitType = (typeof FIT_TYPES)[number];

/**
 * Ease: how much the garment's circumference is larger than the wearer's body, in cm, by fit. A
 * size suits when its ease at each measurement the shopper gave lies within the range; the best is
 * the one nearest the middle (what the fit was cut for). Ranges are at least 6 cm wide, the usual
 * step between two sizes, so a body between the smallest and the largest size always meets one.
 * Chest ranges follow common pattern-cutting ease for tops (slim 4–10, regular 8–16, relaxed
 * 14–24, oversized 22–40); the waist of trousers and dresses sits closer (a waistband holds it).
 * No fit type given: regular.
 */
export const EASE_CM: Record<FitType, { chest: readonly [number, number]; waist: readonly [number, number] }> = {
  slim: { chest: [4, 10], waist: [0, 6] },
  regular: { chest: [8, 16], waist: [2, 8] },
  relaxed: { chest: [14, 24], waist: [4, 12] },
  oversized: { chest: [22, 40], waist: [8, 20] },
};

/** What "Find my size" reads, from a body within `BODY_LIMITS_CM`. */
export interface BodyMeasurements {
  heightCm: number;
  chestCm?: number | undefined;
  waistCm?: number | undefined;
}

export type BodyField = keyof BodyMeasurements;

/** The bodies "Find my size" reads, in cm: a height, and a chest or a waist. */
export const BODY_LIMITS_CM: Record<BodyField, readonly [number, number]> = {
  heightCm: [120, 220],
  chestCm: [60, 160],
  waistCm: [50, 160],
};

/**
 * The shopper's entries as a body, or the fields to correct: a height, and a chest or a waist
 * (the chest is named when both are missing), each a number within `BODY_LIMITS_CM`.
 */
export function readBody(
  entries: Partial<Record<BodyField, number | undefined>>,
): { body: BodyMeasurements } | { wrong: BodyField[] } {
  const wrong = (Object.keys(BODY_LIMITS_CM) as BodyField[]).filter((field) => {
    const value = entries[field];
    const [min, max] = BODY_LIMITS_CM[field];
    if (value === undefined) return field === 'heightCm';
    return !Number.isFinite(value) || value < min || value > max;
  });
  if (entries.chestCm === undefined && entries.waistCm === undefined) wrong.push('chestCm');
  if (wrong.length > 0) return { wrong };
  return { body: { heightCm: entries.heightCm!, chestCm: entries.chestCm, waistCm: entries.waistCm } };
}

/**
 * Why there is no suggestion: the table does not give the measurement the shopper gave
 * (`no-measurements`), the body is below the smallest size or above the largest, or falls between
 * two sizes' ranges.
 */
export type SizeSuggestion =
  | {
      size: Size;
      basis: ('chest' | 'waist')[];
      easeCm: Partial<Record<'chest' | 'waist', number>>;
      /**
       * A body between two sizes' ranges (issue 45): the two sizes, the nearer one being `size`,
       * and which way it runs on this body (snugger or looser than the fit is cut for).
       */
      between?: { smaller: Size; larger: Size; runs: 'tight' | 'loose' };
    }
  | { size: null; reason: 'no-measurements' | 'too-small' | 'too-large' | 'between-sizes' };

/**
 * The size to order from the garment's own measurements and the shopper's body, or why the table
 * cannot tell. Pure. Uses every measurement the shopper gave that the table has; ties (two sizes
 * equally near the middle) go to the larger one, or, when the model's height and size are known,
 * to the one nearer the model's size for a shopper within 5 cm of the model's height and the
 * larger for a taller one, the smaller for a shorter one.
 */
export function suggestSize(fit: Fit | null | undefined, body: BodyMeasurements): SizeSuggestion {
  const ease = EASE_CM[fit?.type ?? 'regular'];
  const basis = (['chest', 'waist'] as const).filter((part) => {
    const given = part === 'chest' ? body.chestCm : body.waistCm;
    return given !== undefined && (fit?.measurements ?? []).some((row) => typeof row[`${part}Cm`] === 'number');
  });
  const rows = [...(fit?.measurements ?? [])]
    .filter((row) => basis.length > 0 && basis.every((part) => typeof row[`${part}Cm`] === 'number'))
    .sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size));
  if (rows.length === 0) return { size: null, reason: 'no-measurements' };

  const easeOf = (row: Measurement, part: 'chest' | 'waist') =>
    (row[`${part}Cm`] ?? 0) - ((part === 'chest' ? body.chestCm : body.waistCm) ?? 0);
  const fitting = rows
    .filter((row) => basis.every((part) => easeOf(row, part) >= ease[part][0] && easeOf(row, part) <= ease[part][1]))
    .map((row) => ({
      row,
      distance: basis.reduce((sum, part) => sum + Math.abs(easeOf(row, part) - (ease[part][0] + ease[part][1]) / 2), 0),
    }));
  if (fitting.length === 0) {
    // Even the smallest size is too loose at some measurement, or the largest too tight.
    const smallest = rows[0]!;
    const largest = rows[rows.length - 1]!;
    if (basis.some((part) => easeOf(smallest, part) > ease[part][1])) return { size: null, reason: 'too-small' };
    if (basis.some((part) => easeOf(largest, part) < ease[part][0])) return { size: null, reason: 'too-large' };
    return nearer(rows, basis, easeOf, ease) ?? { size: null, reason: 'between-sizes' };
  }
  const best = Math.min(...fitting.map((candidate) => candidate.distance));
  const tied = fitting.filter((candidate) => candidate.distance - best < 0.5).map((candidate) => candidate.row);
  const chosen = tied.length === 1 ? tied[0]! : breakTie(tied, fit, body.heightCm);
  return {
    size: chosen.size,
    basis: [...basis],
    easeCm: Object.fromEntries(basis.map((part) => [part, easeOf(chosen, part)])),
  };
}

/**
 * A body within the table that no size's range meets: the size whose ease is nearest its range
 * (the sum, over the measurements given, of how far outside the range it lies; a tie goes to the
 * larger), with its neighbour on the other side and which way it runs. Null when the
 * measurements pull two ways (tight at one, loose at another): the table cannot tell.
 */
function nearer(
  rows: Measurement[],
  basis: readonly ('chest' | 'waist')[],
  easeOf: (row: Measurement, part: 'chest' | 'waist') => number,
  ease: (typeof EASE_CM)[FitType],
): SizeSuggestion | null {
  const off = (row: Measurement) =>
    basis.map((part) => {
      const value = easeOf(row, part);
      return value < ease[part][0] ? value - ease[part][0] : value > ease[part][1] ? value - ease[part][1] : 0;
    });
  let best: { index: number; distance: number } | null = null;
  rows.forEach((row, index) => {
    const distance = off(row).reduce((sum, cm) => sum + Math.abs(cm), 0);
    if (!best || distance <= best.distance) best = { index, distance };
  });
  const { index } = best!;
  const chosen = rows[index]!;
  const signs = off(chosen).filter((cm) => cm !== 0);
  if (signs.some((cm) => cm < 0) && signs.some((cm) => cm > 0)) return null;
  const runs = signs.some((cm) => cm < 0) ? 'tight' : 'loose';
  // Snug: the body is on its way to the next size up; loose: it is past the size below.
  const other = rows[runs === 'tight' ? index + 1 : index - 1];
  if (!other) return null;
  const [smaller, larger] = runs === 'tight' ? [chosen.size, other.size] : [other.size, chosen.size];
  return {
    size: chosen.size,
    basis: [...basis],
    easeCm: Object.fromEntries(basis.map((part) => [part, easeOf(chosen, part)])),
    between: { smaller, larger, runs },
  };
}

function breakTie(tied: Measurement[], fit: Fit | null | undefined, heightCm: number): Measurement {
  const largest = tied[tied.length - 1]!;
  const smallest = tied[0]!;
  if (!fit?.modelHeightCm || !fit.modelSize) return largest;
  if (heightCm > fit.modelHeightCm + 5) return largest;
  if (heightCm < fit.modelHeightCm - 5) return smallest;
  const model = SIZES.indexOf(fit.modelSize);
  return tied.reduce((near, row) =>
    Math.abs(SIZES.indexOf(row.size) - model) < Math.abs(SIZES.indexOf(near.size) - model) ? row : near,
  );
}
