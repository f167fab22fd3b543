import type { Language } from '@shop/contract';

/**
 * The font files (by name, as in fonts.css) that a page's first paint uses, so that the page can
 * preload them: found late (once the style sheet is parsed and the text laid out), they came
 * after the first paint, and a first visit showed the fallback faces.
 *
 * index.html preloads the two upright basic Latin faces on every page: English text and
 * Bulgarian punctuation, digits and spaces need them. Server-rendered pages add the rest
 * (api/src/platform/web/pages.ts): the Cyrillic faces of Bulgarian pages, and the italics of
 * pages that show italic text (declared on the route, app/router.tsx).
 */
export const EVERY_PAGE_FONTS = [
  'manrope-latin-wght-normal-basic.woff2',
  'cormorant-garamond-latin-wght-normal-basic.woff2',
] as const;

/** Italic on a page: text in the page's language, or Latin only (numbers). */
export type ItalicUse = 'text' | 'latin';

/**
 * Cyrillic on a page in every language (the law's pages name Bulgarian authorities and laws, and
 * the withdrawal page carries the Bulgarian model form): in body text, or in headings too.
 */
export type CyrillicUse = 'body' | 'body-and-display';

export function pageFonts(lang: Language, italic: ItalicUse | undefined, cyrillic?: CyrillicUse): string[] {
  const files: string[] = [];
  if (lang === 'bg') files.push('manrope-cyrillic-wght-normal.woff2', 'cormorant-garamond-cyrillic-wght-normal.woff2');
  else if (cyrillic) {
    files.push('manrope-cyrillic-wght-normal.woff2');
    if (cyrillic === 'body-and-display') files.push('cormorant-garamond-cyrillic-wght-normal.woff2');
  }
  if (italic) files.push('cormorant-garamond-latin-wght-italic-basic.woff2');
  if (italic === 'text' && lang === 'bg') files.push('cormorant-garamond-cyrillic-wght-italic.woff2');
  return files;
}
