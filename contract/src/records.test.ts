import { describe, expect, it } from 'vitest';
import { AuditFileQuerySchema, auditFileSettingsMissing, auditSettingField, DEFAULT_RECORDS } from './records.js';

describe('the audit file month', () => {
  it('takes month 1..12 or 01..12 and a four-digit year from 2020', () => {
    expect(AuditFileQuerySchema.parse({ year: '2026', month: '3' })).toEqual({ year: 2026, month: 3 });
    expect(AuditFileQuerySchema.parse({ year: '2026', month: '03' })).toEqual({ year: 2026, month: 3 });
    expect(AuditFileQuerySchema.parse({ year: '2020', month: '12' })).toEqual({ year: 2020, month: 12 });
    for (const [year, month] of [
      ['2026', '13'],
      ['2026', '00'],
      ['2026', '003'],
      ['2019', '1'],
      ['20261', '1'],
      ['2026', ''],
    ]) {
      expect(AuditFileQuerySchema.safeParse({ year, month }).success, `${year}-${month}`).toBe(false);
    }
  });
});

describe('the settings the audit file needs', () => {
  it("are the records' three and the seller's company ID of 9 or 13 digits", () => {
    expect(auditFileSettingsMissing(DEFAULT_RECORDS, { companyId: '' })).toEqual([
      'eShopNumber',
      'domain',
      'paymentProviderId',
      'companyId',
    ]);
    const records = { ...DEFAULT_RECORDS, eShopNumber: 'RF1', domain: 'shop.bg', paymentProviderId: '123456789' };
    expect(auditFileSettingsMissing(records, { companyId: '206123451' })).toEqual([]);
    expect(auditFileSettingsMissing(records, { companyId: '2061234567890' })).toEqual([]);
    expect(auditFileSettingsMissing(records, { companyId: '20612345' })).toEqual(['companyId']);
    expect(auditSettingField('companyId')).toBe('seller.companyId');
    expect(auditSettingField('domain')).toBe('records.domain');
  });
});
