import { describe, expect, it } from 'vitest';
import { DEMO_SELLER, sellerNeedsDetails } from './settings.js';

const OWN = {
  legalName: 'Шивашка Работилница ООД',
  address: 'ул. „Раковски“ 1, 4000 Пловдив',
  companyId: '123456789',
  vatId: '',
  email: 'orders@shivashka.bg',
  phone: '',
};

describe('sellerNeedsDetails', () => {
  it('asks for the owner’s details while the seller is the demo’s, in whole or in part', () => {
    expect(sellerNeedsDetails(DEMO_SELLER)).toBe(true);
    expect(sellerNeedsDetails({ ...OWN, email: DEMO_SELLER.email })).toBe(true);
    expect(sellerNeedsDetails({ ...OWN, companyId: DEMO_SELLER.companyId })).toBe(true);
  });

  it('asks while a name, an address or an email is empty', () => {
    expect(sellerNeedsDetails({ ...OWN, legalName: ' ' })).toBe(true);
    expect(sellerNeedsDetails({ ...OWN, address: '' })).toBe(true);
    expect(sellerNeedsDetails({ ...OWN, email: '' })).toBe(true);
  });

  it('is content with the owner’s own seller, optional numbers left empty', () => {
    expect(sellerNeedsDetails(OWN)).toBe(false);
  });
});
