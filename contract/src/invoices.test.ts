import { describe, expect, it } from 'vitest';
import { InvoiceDetailsSchema, INVOICE_MESSAGES, isValidEik } from './invoices.js';

describe('isValidEik (the BULSTAT check digits)', () => {
  it('accepts valid 9- and 13-digit codes', () => {
    // 020469788 and 1213961230342: the examples of the eik_validator gem; 121396123 is the 13-digit
    // one's head; 100000086: the first pass leaves 10, so the second weights (3–10) give the 6.
    for (const code of ['020469788', '1213961230342', '121396123', '000000000', '100000086']) {
      expect(isValidEik(code), code).toBe(true);
    }
  });
  it('refuses a wrong check digit, a wrong length, letters', () => {
    for (const code of [
      '020469787',
      '123456789',
      '100000080',
      '1213961230343',
      '1213961240342',
      '02046978',
      '02046978A',
      '',
    ]) {
      expect(isValidEik(code), code).toBe(false);
    }
  });
});

const valid = {
  companyName: 'Фирма ООД',
  companyId: '020469788',
  address: 'ул. Витоша 1',
  city: 'София',
  country: 'BG',
};
const issues = (input: object) => {
  const result = InvoiceDetailsSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('InvoiceDetailsSchema', () => {
  it('accepts a Bulgarian company with a VAT ID, normalised', () => {
    const parsed = InvoiceDetailsSchema.parse({ ...valid, companyId: ' 020 469 788 ', vatId: 'bg020469788' });
    expect(parsed).toMatchObject({ companyId: '020469788', vatId: 'BG020469788', country: 'BG' });
    expect(InvoiceDetailsSchema.parse({ ...valid, vatId: '' }).vatId).toBeUndefined();
  });
  it('names the bad field with a message for people', () => {
    expect(issues({ ...valid, companyId: '123456789' })).toEqual({ companyId: INVOICE_MESSAGES.eik });
    expect(issues({ ...valid, vatId: 'DE020469788' })).toEqual({ vatId: INVOICE_MESSAGES.vatIdCountry });
    expect(issues({ ...valid, vatId: '020469788' })).toEqual({ vatId: INVOICE_MESSAGES.vatId });
    expect(issues({ ...valid, vatId: 'BG123456789' })).toEqual({ vatId: INVOICE_MESSAGES.vatId });
    expect(issues({ ...valid, country: 'US' })).toMatchObject({ country: INVOICE_MESSAGES.country });
    expect(issues({ ...valid, companyName: ' ' })).toMatchObject({ companyName: INVOICE_MESSAGES.companyName });
  });
  it('checks another EU country by its own format', () => {
    const de = { ...valid, country: 'DE', companyId: 'HRB 12345', vatId: 'DE123456789' };
    expect(issues(de)).toEqual({});
    expect(issues({ ...de, vatId: 'DE12345678' })).toEqual({ vatId: INVOICE_MESSAGES.vatId });
    expect(issues({ ...de, companyId: 'X' })).toEqual({ companyId: INVOICE_MESSAGES.companyIdFormat });
    expect(issues({ ...valid, country: 'GR', companyId: '123456789', vatId: 'EL123456789' })).toEqual({});
    expect(issues({ ...valid, country: 'NL', companyId: '12345678', vatId: 'NL123456789B01' })).toEqual({});
  });
});
