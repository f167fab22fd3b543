import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, orderTotals, toCents, vatWithin } from './money.js';

describe('money', () => {
  it('turns decimals into cents and back without float dust', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => toCents(fromCents(cents)) === cents));
  });

  it('splits the VAT out of a price that includes it, to the cent', () => {
    expect(vatWithin(12_000, 20)).toBe(2_000);
    expect(vatWithin(999, 20)).toBe(167);
    expect(vatWithin(0, 20)).toBe(0);
  });

  it('adds an order up: lines less discount, delivery unless free, the fee; VAT per line', () => {
    const totals = orderTotals({
      lines: [
        { unitPriceCents: 4_999, quantity: 2 },
        { unitPriceCents: 12_000, quantity: 1, discountCents: 1_200 },
      ],
      delivery: { priceCents: 690, freeFromCents: 30_000 },
      codFeeCents: 150,
      vatRatePercent: 20,
    });
    expect(totals).toEqual({
      subtotalCents: 21_998,
      discountCents: 1_200,
      deliveryCents: 690,
      codFeeCents: 150,
      totalCents: 21_638,
      vatCents: vatWithin(9_998, 20) + vatWithin(10_800, 20) + vatWithin(690, 20) + vatWithin(150, 20),
      toFreeDeliveryCents: 30_000 - 20_798,
    });
  });

  it('holds over random orders: the parts add up to the total, and free delivery from the threshold on', () => {
    const line = fc.record({
      unitPriceCents: fc.integer({ min: 1, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        fc.integer({ min: 0, max: 1_000 }),
        fc.constantFrom(0, 9, 20),
        (lines, priceCents, freeFromCents, codFeeCents, vatRatePercent) => {
          const totals = orderTotals({ lines, delivery: { priceCents, freeFromCents }, codFeeCents, vatRatePercent });
          const goods = lines.reduce((sum, one) => sum + one.unitPriceCents * one.quantity, 0);
          expect(totals.totalCents).toBe(goods + totals.deliveryCents + codFeeCents);
          expect(totals.deliveryCents).toBe(freeFromCents !== null && goods >= freeFromCents ? 0 : priceCents);
          expect(Number.isInteger(totals.vatCents)).toBe(true);
          expect(totals.vatCents).toBeLessThanOrEqual(totals.totalCents);
          if (totals.toFreeDeliveryCents !== null) expect(goods + totals.toFreeDeliveryCents).toBe(freeFromCents);
        },
      ),
    );
  });
});
