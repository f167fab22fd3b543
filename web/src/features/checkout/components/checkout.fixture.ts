import type { Profile } from '@shop/contract';

/** The checkout tests' shopper: her saved delivery, to an Econt office in Sofia. */
export const OFFICE_DELIVERY: NonNullable<Profile['delivery']> = {
  method: 'office',
  name: 'Mila Petrova',
  phone: '+359 888 123 456',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: null,
  office: 'Econt, Sofia – Mladost 1',
  note: null,
};

/** …and her profile as `GET /api/profile` answers it, with the saved delivery given (the office one unless said). */
export const shopperProfile = (delivery: Profile['delivery'] = OFFICE_DELIVERY): Profile => ({
  id: 1,
  name: 'Mila Petrova',
  email: 'mila@example.com',
  address: '',
  phone: '+359 888 000 000',
  profilePicture: null,
  storeCredit: 0,
  role: 'USER',
  delivery,
});
