// `npm run pdf-fonts`: the fonts the API's PDFs (sale documents, invoices, labels) embed: DejaVu Sans
// and its bold, cut to the scripts a Bulgarian shop's documents write (Latin with its European
// extensions, Greek, Cyrillic, punctuation, currency and arrows). Parsing a whole 750 KB face for
// every document cost most of a PDF's time; the cut faces are a tenth of it (docs/performance.md).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = dirname(require.resolve('dejavu-fonts-ttf/package.json'));
const out = new URL('../../api/pdf-fonts/', import.meta.url).pathname;

/** Unicode ranges kept: Basic Latin, Latin-1 and Extended A/B, Greek, Cyrillic, punctuation, currency, letterlike, arrows, math. */
const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x52f],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
];
const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

for (const name of ['DejaVuSans', 'DejaVuSans-Bold']) {
  const font = readFileSync(join(source, 'ttf', `${name}.ttf`));
  const cut = await subsetFont(font, text, { targetFormat: 'truetype' });
  writeFileSync(join(out, `${name}.ttf`), cut);
  console.log(`${name}.ttf: ${font.length} → ${cut.length} bytes`);
}
copyFileSync(join(source, 'LICENSE'), join(out, 'LICENSE'));
