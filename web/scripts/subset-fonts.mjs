// Splits the web fonts' Latin faces in two: a basic Latin subset (web/src/styles/fonts/), enough
// for English text and for Bulgarian's punctuation and prices, and the full face for every other
// Latin character (é, ß…). fonts.css gives each its share of the Latin range (REST_OF_LATIN for
// the full faces): Chromium loads every face whose range covers a page's text, so the two must
// not overlap. A page in basic Latin then downloads 63 KB of fonts instead of 102 KB.
// Run again after updating @fontsource-variable: npm run fonts -w web
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

/** The Latin faces' range in @fontsource-variable. */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/** The basic faces' `unicode-range` in fonts.css (a test compares them). */
export const BASIC_LATIN =
  'U+0000-007E, U+00A0, U+00A3, U+00A9, U+00AE, U+00B0, U+00B2, U+00B7, U+00D7, U+2013-2014, U+2018-2019, U+201C-201E, U+2022, U+2026, U+20AC, U+2212';

export const FACES = [
  '@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
  '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
  '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-italic.woff2',
];

/** `src/styles/fonts/<face>-basic.woff2`. */
export const basicFile = (face) => face.split('/').pop().replace('.woff2', '-basic.woff2');

/** The code points of a `unicode-range` value. */
export const codePoints = (range) =>
  range.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().slice(2).split('-');
    const start = parseInt(from, 16);
    return Array.from({ length: parseInt(to, 16) - start + 1 }, (_, offset) => start + offset);
  });

const hex = (codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The full faces' `unicode-range` in fonts.css: the Latin range without BASIC_LATIN. */
export function restOfLatin() {
  const basic = new Set(codePoints(BASIC_LATIN));
  const rest = codePoints(LATIN).filter((codePoint) => !basic.has(codePoint));
  const runs = [];
  for (const codePoint of rest) {
    const run = runs.at(-1);
    if (run && run[1] === codePoint - 1) run[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  return runs.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to).slice(2)}`)).join(', ');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const require = createRequire(import.meta.url);
  const text = String.fromCodePoint(...codePoints(BASIC_LATIN));
  for (const face of FACES) {
    const full = readFileSync(require.resolve(face));
    const basic = await subsetFont(full, text, { targetFormat: 'woff2' });
    writeFileSync(new URL(`../src/styles/fonts/${basicFile(face)}`, import.meta.url), basic);
    console.log(`${basicFile(face)}: ${full.length} → ${basic.length} bytes`);
  }
  console.log(`unicode-range of the full Latin faces in fonts.css: ${restOfLatin()}`);
}
