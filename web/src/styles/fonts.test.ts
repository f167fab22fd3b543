import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASIC_LATIN, basicFile, codePoints, FACES, restOfLatin } from '../../scripts/subset-fonts.mjs';
import { LANGUAGES } from '@shop/contract';
import { EVERY_PAGE_FONTS, pageFonts } from './first-paint-fonts';

/** fonts.css, read as the build reads it. */
const here = (file: string) => new URL(file, import.meta.url).pathname;
const css = readFileSync(here('./fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  src: /url\('([^']+)'\)/.exec(body!)?.[1],
  range: /unicode-range:\s*([^;]+);/.exec(body!)?.[1]?.replace(/\s+/g, ' ').trim(),
}));

describe('the web fonts', () => {
  it('splits each Latin face between its basic subset and the full face, without overlap', () => {
    for (const face of FACES) {
      const basic = faces.find((candidate) => candidate.src === `./fonts/${basicFile(face)}`);
      const full = faces.find((candidate) => candidate.src === face);
      expect(basic?.range).toBe(BASIC_LATIN);
      expect(full?.range).toBe(restOfLatin());
      expect(existsSync(here(`./fonts/${basicFile(face)}`))).toBe(true);
    }
  });

  it('keeps in the basic subsets every character of the English and Bulgarian texts but letters', async () => {
    const basic = new Set(codePoints(BASIC_LATIN));
    const cyrillic = (codePoint: number) => (codePoint >= 0x400 && codePoint <= 0x45f) || codePoint === 0x2116;
    const strings = JSON.stringify([
      (await import('../locales/en.json')).default,
      (await import('../locales/bg.json')).default,
    ]);
    const outside = [...new Set(strings)].filter((character) => {
      const codePoint = character.codePointAt(0)!;
      return !basic.has(codePoint) && !cyrillic(codePoint);
    });
    expect(outside).toEqual([]);
  });

  it('preloads files that fonts.css uses: every page the upright basic Latin faces (index.html), a page its others', () => {
    const fileName = (src: string | undefined) => src?.slice(src.lastIndexOf('/') + 1);
    const used = new Set(faces.map((face) => fileName(face.src)));
    const named = LANGUAGES.flatMap((lang) => [
      ...pageFonts(lang, undefined),
      ...pageFonts(lang, 'latin'),
      ...pageFonts(lang, 'text'),
    ]);
    for (const file of [...EVERY_PAGE_FONTS, ...named]) expect(used).toContain(file);

    const html = readFileSync(here('../../index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link\s+rel="preload"\s+href="([^"]+)"\s+as="font"/g)].map(([, href]) =>
      fileName(href),
    );
    expect(preloaded).toEqual([...EVERY_PAGE_FONTS]);
    // What every page preloads is never asked for twice.
    expect(named.filter((file) => (EVERY_PAGE_FONTS as readonly string[]).includes(file))).toEqual([]);
  });
});
