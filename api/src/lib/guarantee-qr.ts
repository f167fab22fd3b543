import { GUARANTEE_NOTICE_LINK, LANGUAGES, qrModulesPath, type Language } from '@shop/contract';
import QRCode from 'qrcode';

/*
 * The QR code of the legal-guarantee notice (contract/src/guarantee-notice.ts): its link in each
 * language, encoded by the `qrcode` package with error correction M. The web draws the committed
 * paths (contract/src/guarantee-notice-qr.ts, written by scripts/guarantee-notice/qr.ts); the
 * order confirmation mail embeds a PNG of the same code.
 */

const OPTIONS = { errorCorrectionLevel: 'M' } as const;

/** The code's modules per side and its dark modules as an SVG path, one unit per module. */
export function guaranteeQr(lang: Language): { size: number; path: string } {
  const { modules } = QRCode.create(GUARANTEE_NOTICE_LINK[lang].url, OPTIONS);
  return { size: modules.size, path: qrModulesPath(modules.size, (row, column) => modules.get(row, column) === 1) };
}

/** contract/src/guarantee-notice-qr.ts as it should read. */
export function guaranteeQrModule(): string {
  const entries = LANGUAGES.map((lang) => {
    const { size, path } = guaranteeQr(lang);
    return `  ${lang}: {\n    size: ${size},\n    path: '${path}',\n  },`;
  });
  return [
    '// Written by scripts/guarantee-notice/qr.ts from GUARANTEE_NOTICE_LINK (qrcode, error correction M): do not edit.',
    "import type { Language } from './constants.js';",
    '',
    "/** The notice's QR code per language: modules per side, and the dark modules as an SVG path (one unit each). */",
    'export const GUARANTEE_NOTICE_QR: Record<Language, { size: number; path: string }> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

const pngs = new Map<string, Promise<Buffer>>();

/**
 * The code as a PNG for mail (which does not draw SVG): `scale` pixels a module, a quiet zone of 4.
 * Drawn once per language and scale: every order confirmation carries it, and drawing it takes
 * 10–40 ms of CPU (a core's worth at 100 orders a second).
 */
export function guaranteeQrPng(lang: Language, scale = 4): Promise<Buffer> {
  const key = `${lang}:${scale}`;
  let png = pngs.get(key);
  if (!png) {
    png = QRCode.toBuffer(GUARANTEE_NOTICE_LINK[lang].url, { ...OPTIONS, type: 'png', scale, margin: 4 });
    // A failed drawing is not kept: the next mail tries again.
    png.catch(() => pngs.delete(key));
    pngs.set(key, png);
  }
  return png;
}
