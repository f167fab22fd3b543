import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromCents, MONEY_PROBLEMS, orderTotals, parseCents, toCents, vatWithin } from './money.js';
import { money, Money } from './money-codec.js';

describe('money', () => {
  it('turns decimals into cents and back without float dust', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => toCents(fromCents(cents)) === cents));
  });

  it('reads an amount exactly into cents from its digits, refusing what is not whole cents', () => {
    expect(parseCents(19.99)).toBe(1999);
    expect(parseCents('19.99')).toBe(1999);
    expect(parseCents(' 12.500 ')).toBe(1250);
    expect(parseCents(-4.5)).toBe(-450);
    expect(parseCents(0.1 + 0.2)).toBe('decimals');
    expect(parseCents(1e-7)).toBe('decimals');
    expect(parseCents('12.345')).toBe('decimals');
    expect(parseCents(Number.POSITIVE_INFINITY)).toBe('finite');
    expect(parseCents(Number.NaN)).toBe('finite');
    expect(parseCents(1e300)).toBe('range');
    expect(parseCents('90071992547409.92')).toBe('range');
    expect(parseCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseCents('12,50')).toBe('format');
    expect(parseCents('1e3')).toBe('format');
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => parseCents(cents / 100) === cents));
  });

  it('decodes a request into cents and encodes an answer into decimals: one codec, the wire unchanged', () => {
    const Body = z.object({ price: money({ min: 1, max: 10_000_00 }) });
    expect(Body.parse({ price: 89.9 })).toEqual({ price: 8990 });
    expect(Body.parse({ price: '89.90' })).toEqual({ price: 8990 });
    const refusal = (price: unknown) => Body.safeParse({ price }).error?.issues.map((i) => [i.path, i.message]);
    expect(refusal(89.999)).toEqual([[['price'], MONEY_PROBLEMS.decimals]]);
    expect(refusal(Number.POSITIVE_INFINITY)).toEqual([[['price'], MONEY_PROBLEMS.finite]]);
    expect(refusal(1e20)).toEqual([[['price'], MONEY_PROBLEMS.range]]);
    expect(refusal(10_000.01)).toEqual([[['price'], MONEY_PROBLEMS.range]]);
    expect(refusal(0)).toEqual([[['price'], 'The amount must be more than 0.']]);
    expect(refusal(true)).toEqual([[['price'], MONEY_PROBLEMS.format]]);
    // A field with its own words says them whatever is wrong.
    expect(
      z.object({ p: money({ message: 'Valid price is required' }) }).safeParse({ p: 'x' }).error?.issues[0]?.message,
    ).toBe('Valid price is required');

    const Answer = z.object({ total: Money, lines: z.array(z.object({ price: Money.nullable() })) });
    expect(JSON.stringify(z.encode(Answer, { total: 1999, lines: [{ price: 5 }, { price: null }] }))).toBe(
      '{"total":19.99,"lines":[{"price":0.05},{"price":null}]}',
    );
    // A decimal where cents belong fails the answer rather than going out a hundred times too small.
    expect(Answer.safeEncode({ total: 19.99, lines: [] }).success).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => z.decode(Money, z.encode(Money, cents)) === cents),
    );
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
