import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASIC_LATIN, basicFile, codePoints, FACES, restOfLatin } from '../../scripts/subset-fonts.mjs';

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
});
