import { describe, expect, it } from 'vitest';
import { DeliverySchema } from './orders.js';

const delivery = {
  method: 'address',
  name: 'Mila Petrova',
  phone: '+359 88 123 4567',
  city: 'Sofia',
  postcode: '1000',
  line1: 'ul. Graf Ignatiev 12',
};

describe('DeliverySchema', () => {
  it('asks for a valid postcode when the one entered is malformed, and for the postcode when none is', () => {
    const bad = DeliverySchema.safeParse({ ...delivery, postcode: '1' });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['postcode', 'Enter a valid postcode.'],
    ]);
    const missing = DeliverySchema.safeParse({ ...delivery, postcode: undefined });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['Enter the postcode.']);
    expect(DeliverySchema.safeParse(delivery).success).toBe(true);
  });
});
