import type { Settings } from '@shop/contract';

/** The shop's settings as `GET /api/settings` answers them, for tests of pages that show them. */
export const SETTINGS: Settings = {
  seller: {
    legalName: 'Ателие Ноар ЕООД (Atelier Noir Ltd.)',
    address: 'ul. Graf Ignatiev 12, 1000 Sofia, Bulgaria',
    companyId: '206123451',
    vatId: 'BG206123451',
    email: 'hello@atelier-noir.example',
    phone: '+359 2 987 6543',
  },
  delivery: { addressPrice: 6.9, officePrice: 4.5, freeFrom: 150 },
  cod: { enabled: true, fee: 1.5, confirmNewAccounts: false },
  limits: { codMaxOpenOrders: 2, maxUnitsPerVariant: 99 },
  returnDays: 30,
  payments: { card: true },
  currency: 'EUR',
  pricesIncludeVat: true,
};
