import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargedLines, type OrderLine } from './provider.js';

const line = (unitPriceCents: number, quantity: number, discountCents: number): OrderLine => ({
  name: 'Coat',
  colorName: 'Onyx',
  colorNameBg: '',
  size: 'M',
  unitPriceCents,
  quantity,
  discountCents,
  imageUrl: '',
});

describe('chargedLines: what a provider is asked to charge', () => {
  it('keeps the units of a line whose discount divides among them, and joins them when it does not', () => {
    expect(chargedLines([line(1000, 2, 200)])).toMatchObject([{ unitAmountCents: 900, quantity: 2 }]);
    expect(chargedLines([line(1000, 3, 100)])).toMatchObject([
      { unitAmountCents: 2900, quantity: 1, line: { name: 'Coat × 3' } },
    ]);
    expect(chargedLines([line(1000, 3, 0)])).toMatchObject([{ unitAmountCents: 1000, quantity: 3 }]);
  });

  it('over random lines: adds up to exactly what the lines cost after their discounts', () => {
    const lines = fc.array(
      fc
        .record({ unit: fc.integer({ min: 1, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 10 }) })
        .chain(({ unit, quantity }) =>
          fc.integer({ min: 0, max: unit * quantity }).map((discount) => line(unit, quantity, discount)),
        ),
      { minLength: 1, maxLength: 10 },
    );
    fc.assert(
      fc.property(lines, (items) => {
        const charged = chargedLines(items).reduce((sum, entry) => sum + entry.unitAmountCents * entry.quantity, 0);
        const owed = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity - item.discountCents, 0);
        expect(charged).toBe(owed);
      }),
    );
  });
});
