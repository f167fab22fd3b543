import { afterEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '@shop/contract';
import i18n from './i18n';
import { EMPTY_INVOICE, invoiceServerErrors, parseInvoice } from './invoice-form';
import en from '../locales/en.json';
import bg from '../locales/bg.json';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the invoice form', () => {
  it('has a translation in both languages for every message of the contract', () => {
    for (const key of Object.keys(INVOICE_MESSAGES)) {
      expect(en.invoices.errors).toHaveProperty(key);
      expect(bg.invoices.errors).toHaveProperty(key);
    }
    // The English text is the contract's own.
    for (const [key, text] of Object.entries(INVOICE_MESSAGES)) {
      expect(en.invoices.errors[key as keyof typeof en.invoices.errors]).toBe(text);
    }
  });

  it('checks with the contract: a wrong ЕИК is said in the reader’s language', async () => {
    const draft = { ...EMPTY_INVOICE, companyName: 'Фирма', companyId: '020469787', address: 'ул. 1', city: 'София' };
    await i18n.changeLanguage('bg');
    const refused = parseInvoice(draft, i18n.t);
    expect(refused.errors?.companyId).toMatch(/^Този ЕИК не е валиден/);
    const good = parseInvoice({ ...draft, companyId: '020469788', vatId: ' bg020469788 ' }, i18n.t);
    expect(good.details).toMatchObject({ companyId: '020469788', vatId: 'BG020469788' });
  });

  it('reads the server’s fields at checkout, in a request and in the profile', () => {
    const fields = {
      'invoice.vatId': INVOICE_MESSAGES.vatIdCountry,
      'delivery.city': 'Enter the city.',
      companyName: INVOICE_MESSAGES.companyName,
      'invoiceDetails.city': 'Something new the web has no text for',
    };
    expect(invoiceServerErrors(fields, i18n.t)).toEqual({
      vatId: INVOICE_MESSAGES.vatIdCountry,
      companyName: INVOICE_MESSAGES.companyName,
      city: 'Enter the city.',
    });
  });
});
