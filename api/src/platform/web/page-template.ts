import type { Language } from '@shop/contract';
import { escapeHtml } from '../../lib/format.js';

/**
 * The built index.html as a template with slots (docs/decisions/0074). It is cut once, at start,
 * at the marker comments web/index.html holds (`<!--slot:description-->…<!--/slot:description-->`,
 * `<!--slot:title-->…<!--/slot:title-->`, `<!--slot:app-->` up to `</head>`), at `<html lang="en">`
 * and at the root element; a page is then its parts and its own values joined, never the document
 * searched and edited per request.
 */
export interface PageTemplate {
  /** index.html as the browser renders it, in `lang`: the document as built, without its markers. */
  shell(lang: Language): string;
  /** A server-rendered page: the template's parts around the page's own. */
  page(slots: PageSlots): string;
  /** What the build put in the app's slot (its script, module preloads and styles). */
  readonly builtApp: string;
}

export interface PageSlots {
  lang: Language;
  /** The page's title (escaped here); the template's when empty. */
  title?: string | undefined;
  /** The page has a description of its own (in `app`): the template's is left out. */
  ownDescription: boolean;
  /** Stands where the build's app tags stood: the page's script, styles and head, up to `</head>`. */
  app: string;
  /** The root element's content. */
  root: string;
  /** What follows the root element (the page's data script). */
  afterRoot: string;
}

const LANG = '<html lang="en">';
const ROOT = '<div id="root"></div>';
const HEAD_END = '</head>';
const MARKS = [
  LANG,
  '<!--slot:description-->',
  '<!--/slot:description-->',
  '<!--slot:title-->',
  '<!--/slot:title-->',
  '<!--slot:app-->',
  HEAD_END,
  ROOT,
] as const;

/** `html` cut at each of `marks`, in that order (each exactly once): the parts between them. */
function cutAt(html: string, marks: readonly string[]): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const mark of marks) {
    const at = html.indexOf(mark, from);
    if (at < 0 || html.includes(mark, at + mark.length)) {
      throw new Error(`web/dist/index.html must hold ${mark} once, after the slots before it`);
    }
    parts.push(html.slice(from, at));
    from = at + mark.length;
  }
  parts.push(html.slice(from));
  return parts;
}

export function pageTemplate(html: string): PageTemplate {
  // cutAt gives one part more than there are marks: the defaults only satisfy the type checker.
  const [
    start = '',
    head = '',
    description = '',
    beforeTitle = '',
    title = '',
    beforeApp = '',
    builtApp = '',
    body = '',
    end = '',
  ] = cutAt(html, MARKS);
  const opening = (lang: Language) => `${start}<html lang="${lang}">${head}`;
  return {
    builtApp,
    shell: (lang) =>
      `${opening(lang)}${description}${beforeTitle}${title}${beforeApp}${builtApp}${HEAD_END}${body}${ROOT}${end}`,
    page: (slots) =>
      opening(slots.lang) +
      (slots.ownDescription ? '' : description) +
      beforeTitle +
      (slots.title ? `<title>${escapeHtml(slots.title)}</title>` : title) +
      beforeApp +
      slots.app +
      HEAD_END +
      body +
      `<div id="root">${slots.root}</div>` +
      slots.afterRoot +
      end,
  };
}
