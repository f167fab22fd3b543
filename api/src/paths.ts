import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits one level below the package root both as source (api/src) and inside the
// bundle (api/dist/main.js), so the same relative paths work in tests, dev and production.
const here = dirname(fileURLToPath(import.meta.url));

export const apiRoot = resolve(here, '..');
export const migrationsDir = resolve(apiRoot, 'src/db/migrations');
export const webDistDir = resolve(apiRoot, '../web/dist');
/** The web app's server renderer (web/src/entry-server.tsx, built by `npm run build -w web`). */
export const webServerDir = resolve(apiRoot, '../web/dist-server');
export const commonPasswordsFile = resolve(apiRoot, 'src/platform/security/common-passwords.txt');
/** The demo catalogue's product images, rendered ahead of time by `npm run demo-art` (scripts/demo-art). */
export const demoArtDir = resolve(apiRoot, 'seed-art');
/** The faces the PDFs embed: DejaVu Sans cut to the scripts documents write (`npm run pdf-fonts`). */
export const pdfFontsDir = resolve(apiRoot, 'pdf-fonts');
