import { describe, expect, it } from 'vitest';
import { builtinCourier } from './builtin.js';
import type { Parcel } from './gateway.js';

const PARCEL: Parcel = {
  orderId: 7,
  reference: 'ABCDEF123456',
  sender: {
    name: 'Ателие Ноар ЕООД',
    phone: '+359 2 987 6543',
    city: 'София',
    postcode: '1000',
    // The settings' seller address: one line with the postcode and city in it.
    address: 'ул. „Граф Игнатиев“ 12, 1000 София, България',
    officeCode: null,
    officeName: null,
  },
  recipient: {
    name: 'Ана Петрова',
    phone: '+359 88 123 4567',
    city: 'Пловдив',
    postcode: '4000',
    address: 'бул. „Марица“ 5',
    officeCode: null,
    officeName: null,
  },
  codCents: 0,
  currency: 'EUR',
  parcels: 1,
  weightGrams: 900,
  inspection: false,
  description: 'Order ABCDEF123456',
};

const senderOf = async (parcel: Parcel) =>
  ((await builtinCourier().createLabel(parcel)).label as { sender: { address: string } }).sender.address;

describe('the built-in courier’s label (issue 45)', () => {
  it('names the city once when the sender’s address already holds it; adds it when not', async () => {
    expect(await senderOf(PARCEL)).toBe('ул. „Граф Игнатиев“ 12, 1000 София, България');
    const label = await builtinCourier().createLabel(PARCEL);
    expect((label.label as { recipient: { address: string } }).recipient.address).toBe('бул. „Марица“ 5, 4000 Пловдив');
  });

  it('names the sender office chosen in the settings instead of the seller’s address', async () => {
    const fromOffice = {
      ...PARCEL,
      sender: { ...PARCEL.sender, officeCode: 'SOF-1', officeName: 'Офис София Център, ул. Раковски 1' },
    };
    expect(await senderOf(fromOffice)).toBe('Офис / Office: Офис София Център, ул. Раковски 1');
  });
});
