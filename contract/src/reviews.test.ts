import { describe, expect, it } from 'vitest';
import { averageRating, fitVerdict, reviewAuthor, reviewSummary } from './review-rules.js';
import { ReviewBodySchema } from './reviews.js';

describe('reviewSummary', () => {
  it('has no average and no fit while there is no review', () => {
    expect(reviewSummary([])).toEqual({ average: null, count: 0, fit: { small: 0, true: 0, large: 0 } });
  });

  it('averages the ratings to one decimal and counts each fit answer', () => {
    const summary = reviewSummary([
      { rating: 5, fit: 'true' },
      { rating: 4, fit: 'small' },
      { rating: 4, fit: null },
    ]);
    expect(summary).toEqual({ average: 4.3, count: 3, fit: { small: 1, true: 1, large: 0 } });
  });

  it('takes a group of alike reviews as that many', () => {
    const grouped = reviewSummary([
      { rating: 5, fit: 'large', count: 3 },
      { rating: 2, fit: null, count: 1 },
    ]);
    const single = reviewSummary([
      { rating: 5, fit: 'large' },
      { rating: 5, fit: 'large' },
      { rating: 5, fit: 'large' },
      { rating: 2, fit: null },
    ]);
    expect(grouped).toEqual(single);
    expect(grouped).toEqual({ average: 4.3, count: 4, fit: { small: 0, true: 0, large: 3 } });
  });
});

describe('averageRating', () => {
  it('rounds half up to one decimal', () => {
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(49, 20)).toBe(2.5);
    expect(averageRating(99, 20)).toBe(5);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBeNull();
  });
});

describe('fitVerdict', () => {
  it('follows what most said, true to size when level', () => {
    expect(fitVerdict({ small: 0, true: 0, large: 0 })).toBeNull();
    expect(fitVerdict({ small: 3, true: 1, large: 0 })).toBe('small');
    expect(fitVerdict({ small: 0, true: 1, large: 2 })).toBe('large');
    expect(fitVerdict({ small: 2, true: 2, large: 0 })).toBe('true');
    expect(fitVerdict({ small: 2, true: 1, large: 2 })).toBe('true');
  });
});

describe('reviewAuthor', () => {
  it('gives the first name and the initial of the last', () => {
    expect(reviewAuthor('Maria Petrova')).toBe('Maria P.');
    expect(reviewAuthor('  Ivan  Georgiev Ivanov ')).toBe('Ivan I.');
    expect(reviewAuthor('Ана ъгълова')).toBe('Ана Ъ.');
    expect(reviewAuthor('Cher')).toBe('Cher');
    expect(reviewAuthor('')).toBe('');
  });
});

describe('ReviewBodySchema', () => {
  it('trims the text and keeps markup as the characters typed', () => {
    const body = ReviewBodySchema.parse({ rating: 4, title: '  <b>Great</b> ', body: '<script>x</script>' });
    expect(body).toEqual({ rating: 4, title: '<b>Great</b>', body: '<script>x</script>' });
  });

  it('refuses a rating outside 1–5, an empty title and an overlong body, saying why', () => {
    const result = ReviewBodySchema.safeParse({ rating: 6, title: '   ', body: 'x'.repeat(4001) });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['rating', 'Choose a rating from 1 to 5 stars.'],
      ['title', 'Give your review a title.'],
      ['body', 'A review has at most 4000 characters.'],
    ]);
    expect(ReviewBodySchema.safeParse({ rating: 3.5, title: 'a', body: 'b' }).success).toBe(false);
    expect(ReviewBodySchema.safeParse({ rating: 3, fit: 'tight', title: 'a', body: 'b' }).success).toBe(false);
  });
});
