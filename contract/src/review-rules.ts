import type { ReviewSummary } from './reviews.js';

/**
 * Reviews' rules without zod (issue 31): the fits, the limits and the summary's arithmetic, which
 * the product page runs without loading the schemas (reviews.ts holds those).
 */

export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Published reviews one page of `GET /api/products/{id}/reviews` holds. */
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;

/** The mean of `count` ratings adding up to `sum`, to one decimal (half up); null for none. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/**
 * The summary of published reviews, each given once or as a group of `count` alike (a database's
 * `group by rating, fit`).
 */
export function reviewSummary(
  reviews: readonly { rating: number; fit: ReviewFit | null; count?: number }[],
): ReviewSummary {
  let sum = 0;
  let count = 0;
  const fit = { small: 0, true: 0, large: 0 };
  for (const review of reviews) {
    const times = review.count ?? 1;
    sum += review.rating * times;
    count += times;
    if (review.fit) fit[review.fit] += times;
  }
  return { average: averageRating(sum, count), count, fit };
}

/**
 * How the fit runs, by what most reviewers said: null while nobody said; "true to size" when small
 * and large are level, or when as many said true to size as the most of the others.
 */
export function fitVerdict(fit: ReviewSummary['fit']): ReviewFit | null {
  const { small, large } = fit;
  const sizeTrue = fit.true;
  if (small + sizeTrue + large === 0) return null;
  if (sizeTrue >= small && sizeTrue >= large) return 'true';
  if (small === large) return 'true';
  return small > large ? 'small' : 'large';
}

/** "Maria P." from "Maria Petrova"; one name stays whole; nothing: "A customer" is the web's to say (''). */
export function reviewAuthor(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]!.toLocaleUpperCase()}.` : first!;
}
