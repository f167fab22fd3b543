import { readFileSync } from 'node:fs';
import { GUARANTEE_NOTICE_LINK, GUARANTEE_NOTICE_QR } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { guaranteeQr, guaranteeQrModule, guaranteeQrPng } from './guarantee-qr.js';

describe('the legal-guarantee notice’s QR code', () => {
  it('is committed as the qrcode package draws it for each language’s link (run scripts/guarantee-notice/qr.ts)', () => {
    const committed = readFileSync(new URL('../../../contract/src/guarantee-notice-qr.ts', import.meta.url), 'utf8');
    expect(committed).toBe(guaranteeQrModule());
    expect(GUARANTEE_NOTICE_QR.en).toEqual(guaranteeQr('en'));
    expect(GUARANTEE_NOTICE_QR.bg).toEqual(guaranteeQr('bg'));
    expect(GUARANTEE_NOTICE_QR.bg.path).not.toBe(GUARANTEE_NOTICE_QR.en.path);
  });

  it('points to the Commission’s Your Europe page on guarantees in the reader’s language', () => {
    expect(GUARANTEE_NOTICE_LINK.en.url).toBe('https://europa.eu/youreurope/guarantees');
    expect(decodeURI(GUARANTEE_NOTICE_LINK.bg.url)).toBe('https://europa.eu/youreurope/гаранции');
  });

  it('is a PNG for mail', async () => {
    const png = await guaranteeQrPng('bg');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
