import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiscountCodeBodySchema, discountShares, type DiscountLine } from './discounts.js';

const line = (unitPriceCents: number, quantity = 1, onSale = false): DiscountLine => ({
  unitPriceCents,
  quantity,
  onSale,
});

describe('discountShares', () => {
  it('takes a percentage of the lines it applies to, rounded half up once, spread to the cent', () => {
    // 10% of 33.33 + 2 × 16.67 = 66.67 → 6.67 (6.667 rounded), shared 3.33 / 3.34.
    const shares = discountShares([line(3333), line(1667, 2)], { kind: 'percent', value: 10, includeSaleItems: false });
    expect(shares.reduce((a, b) => a + b)).toBe(667);
    expect(shares).toEqual([333, 334]);
  });

  it('leaves lines on sale out unless the code includes them', () => {
    const lines = [line(5000), line(4000, 1, true)];
    expect(discountShares(lines, { kind: 'percent', value: 20, includeSaleItems: false })).toEqual([1000, 0]);
    expect(discountShares(lines, { kind: 'percent', value: 20, includeSaleItems: true })).toEqual([1000, 800]);
    expect(discountShares([line(4000, 1, true)], { kind: 'amount', value: 1000, includeSaleItems: false })).toEqual([
      0,
    ]);
  });

  it('never takes off more than the lines cost, and nothing for free delivery', () => {
    expect(discountShares([line(500), line(300)], { kind: 'amount', value: 5000, includeSaleItems: false })).toEqual([
      500, 300,
    ]);
    expect(discountShares([line(500)], { kind: 'free-delivery', value: 0, includeSaleItems: false })).toEqual([0]);
  });

  it('over random carts: the shares add up to the discount, none above its line, none on excluded lines', () => {
    const lines = fc.array(
      fc.record({
        unitPriceCents: fc.integer({ min: 1, max: 10_000_000 }),
        quantity: fc.integer({ min: 1, max: 10 }),
        onSale: fc.boolean(),
      }),
      { minLength: 1, maxLength: 12 },
    );
    const terms = fc.oneof(
      fc.record({
        kind: fc.constant('percent' as const),
        value: fc.integer({ min: 1, max: 100 }),
        includeSaleItems: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('amount' as const),
        value: fc.integer({ min: 1, max: 50_000_000 }),
        includeSaleItems: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(lines, terms, (cart, code) => {
        const shares = discountShares(cart, code);
        const base = cart.reduce(
          (sum, l) => sum + (code.includeSaleItems || !l.onSale ? l.unitPriceCents * l.quantity : 0),
          0,
        );
        const expected = code.kind === 'percent' ? Math.round((base * code.value) / 100) : Math.min(code.value, base);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(expected);
        shares.forEach((share, index) => {
          const l = cart[index]!;
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(l.unitPriceCents * l.quantity);
          if (l.onSale && !code.includeSaleItems) expect(share).toBe(0);
        });
      }),
    );
  });
});

describe('DiscountCodeBodySchema', () => {
  it('asks a percentage or an amount by kind, and a code of 3–32 letters, digits, - or _', () => {
    const ok = DiscountCodeBodySchema.safeParse({ code: 'WINTER-25', kind: 'percent', value: 25 });
    expect(ok.success && ok.data).toMatchObject({ maxUsesPerCustomer: 1, includeSaleItems: false, active: true });
    const errors = (body: object) =>
      DiscountCodeBodySchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(errors({ code: 'W!', kind: 'percent', value: 10 })).toEqual([
      ['code', 'Give the code: 3 to 32 letters, digits, - or _'],
    ]);
    expect(errors({ code: 'HALF', kind: 'percent', value: 150 })).toEqual([
      ['value', 'Give a whole percentage from 1 to 100'],
    ]);
    expect(errors({ code: 'TENOFF', kind: 'amount', value: 10.005 })).toEqual([
      ['value', 'Give the amount off, e.g. 10.00'],
    ]);
    expect(errors({ code: 'SHIPFREE', kind: 'free-delivery' })).toBeUndefined();
  });
});
