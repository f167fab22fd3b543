import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  paidPriceHistory,
  percentOff,
  PRIOR_PRICE_DAYS,
  priorPriceCents,
  type PricePoint,
  type SaleSpan,
} from './price-history.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 9, 1);
/** A history from [days after START, cents] pairs. */
const history = (...points: [number, number][]): PricePoint[] =>
  points.map(([days, priceCents]) => ({ priceCents, at: new Date(START + days * DAY) }));
const day = (days: number) => new Date(START + days * DAY);

describe('priorPriceCents: the lowest price of the 30 days before a reduction', () => {
  it('is the regular price after 30 quiet days', () => {
    expect(priorPriceCents(history([0, 10_000]), day(45))).toBe(10_000);
  });

  it('remembers a price lowered and raised again within the 30 days', () => {
    // 100.00, then 80.00 for a week, back to 100.00: a "sale" from 100.00 on day 40 must show 80.00.
    expect(priorPriceCents(history([0, 10_000], [20, 8_000], [27, 10_000]), day(40))).toBe(8_000);
  });

  it('forgets a lower price that ended more than 30 days before', () => {
    expect(priorPriceCents(history([0, 10_000], [5, 8_000], [9, 10_000]), day(40))).toBe(10_000);
  });

  it('counts the price already in force when the window opened', () => {
    // 90.00 from day 0 to day 15; the window of a reduction on day 40 opens on day 10.
    expect(priorPriceCents(history([0, 9_000], [15, 10_000]), day(40))).toBe(9_000);
  });

  it('is the lowest since the first price for a product younger than 30 days', () => {
    expect(priorPriceCents(history([30, 12_000], [35, 11_000], [38, 12_000]), day(40))).toBe(11_000);
  });

  it('makes a second sale compare with the first when the first ended within 30 days', () => {
    // Sale 70.00 from day 40 to 50, back to 100.00, a second sale on day 60: its prior price is 70.00.
    const prices = history([0, 10_000], [40, 7_000], [50, 10_000], [60, 8_000]);
    expect(priorPriceCents(prices, day(40))).toBe(10_000);
    expect(priorPriceCents(prices, day(60))).toBe(7_000);
    expect(priorPriceCents(prices, day(95))).toBe(8_000);
  });

  it('is null for a product with no price before the reduction', () => {
    expect(priorPriceCents(history([40, 10_000]), day(40))).toBeNull();
    expect(priorPriceCents([], day(40))).toBeNull();
  });

  it('over random histories: one of the prices in force in the window, and no higher than any of them', () => {
    const points = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 120 * 24 }), fc.integer({ min: 1, max: 1_000_000 })), {
        minLength: 1,
        maxLength: 12,
      })
      .map((raw) =>
        [...raw]
          .sort((a, b) => a[0] - b[0])
          .map(([hours, priceCents]) => ({ priceCents, at: new Date(START + hours * 3_600_000) })),
      );
    fc.assert(
      fc.property(points, fc.integer({ min: 0, max: 150 * 24 }), (prices, startHours) => {
        const startsAt = new Date(START + startHours * 3_600_000);
        const prior = priorPriceCents(prices, startsAt);
        // Sampled every hour of the window: the price in force then.
        const inForce: number[] = [];
        for (let hour = startHours - PRIOR_PRICE_DAYS * 24; hour < startHours; hour += 1) {
          const at = START + hour * 3_600_000;
          const current = prices.filter((point) => point.at.getTime() <= at).at(-1);
          if (current) inForce.push(current.priceCents);
        }
        if (inForce.length === 0) expect(prior).toBeNull();
        else expect(prior).toBe(Math.min(...inForce));
      }),
    );
  });
});

describe('percentOff: whole percent from the prior price, rounded half up', () => {
  it.each([
    [10_000, 7_000, 30],
    [3_000, 2_005, 33],
    [200, 199, 1],
    [300, 299, 0],
    [10_000, 0, 100],
    [10_000, 10_000, 0],
    [10_000, 12_000, 0],
  ])('%i → %i is %i %%', (prior, price, expected) => {
    expect(percentOff(prior, price)).toBe(expected);
  });

  it('over random prices: as Math.round of the exact share, 0 to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (prior, price) => {
        const off = percentOff(prior, price);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(100);
        if (price >= prior) expect(off).toBe(0);
        // Half up in exact integers: 2·100·(prior − price) ≥ (2·off − 1)·prior and < (2·off + 1)·prior.
        else {
          expect(200 * (prior - price)).toBeGreaterThanOrEqual((2 * off - 1) * prior);
          expect(200 * (prior - price)).toBeLessThan((2 * off + 1) * prior);
        }
      }),
    );
  });
});

describe('paidPriceHistory: what a shopper paid, the sales laid over the regular price', () => {
  const sale = (from: number, until: number | null, priceCents: number): SaleSpan => ({
    priceCents,
    startsAt: day(from),
    endsAt: until === null ? null : day(until),
  });
  const cents = (points: PricePoint[]) => points.map((point) => [(point.at.getTime() - START) / DAY, point.priceCents]);

  it('shows a sale from its start to its end, then the regular price again', () => {
    expect(cents(paidPriceHistory(history([0, 10_000]), [sale(10, 20, 7_000)], day(30)))).toEqual([
      [0, 10_000],
      [10, 7_000],
      [20, 10_000],
    ]);
  });

  it('keeps a regular price changed during a sale for after it, and nothing of the future', () => {
    const regular = history([0, 10_000], [15, 12_000]);
    expect(cents(paidPriceHistory(regular, [sale(10, 20, 7_000)], day(30)))).toEqual([
      [0, 10_000],
      [10, 7_000],
      [20, 12_000],
    ]);
    expect(cents(paidPriceHistory(regular, [sale(10, 20, 7_000)], day(12)))).toEqual([
      [0, 10_000],
      [10, 7_000],
    ]);
  });

  it('makes no change of a sale at the regular price, nor of a sale still running', () => {
    expect(cents(paidPriceHistory(history([0, 10_000]), [sale(5, 8, 10_000), sale(10, null, 9_000)], day(30)))).toEqual(
      [
        [0, 10_000],
        [10, 9_000],
      ],
    );
  });

  it('over random histories: every point a change, in time order, none after now', () => {
    const spans = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 50_000 })),
      { maxLength: 6 },
    );
    const regularPrices = fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 50_000 })), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(regularPrices, spans, fc.integer({ min: 0, max: 150 }), (prices, sales, now) => {
        const regular = history(...[...prices].sort((a, b) => a[0] - b[0]));
        const laid = sales.map(([from, length, priceCents]) => sale(from, from + length, priceCents));
        const paid = paidPriceHistory(regular, laid, day(now));
        paid.forEach((point, index) => {
          expect(point.at.getTime()).toBeLessThanOrEqual(day(now).getTime());
          if (index > 0) {
            expect(point.at.getTime()).toBeGreaterThan(paid[index - 1]!.at.getTime());
            expect(point.priceCents).not.toBe(paid[index - 1]!.priceCents);
          }
        });
      }),
    );
  });
});
