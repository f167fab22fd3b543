/**
 * Writes contract/src/guarantee-notice-qr.ts: the QR code of the notice's link in each language
 * (GUARANTEE_NOTICE_LINK), drawn by the `qrcode` package, as SVG paths the web draws without
 * shipping a QR encoder. Run after a link changes: `npx tsx scripts/guarantee-notice/qr.ts`;
 * a test (api/src/lib/guarantee-qr.test.ts) fails until the file matches.
 */
import { writeFileSync } from 'node:fs';
import { guaranteeQrModule } from '../../api/src/lib/guarantee-qr.js';

writeFileSync(new URL('../../contract/src/guarantee-notice-qr.ts', import.meta.url), guaranteeQrModule());
