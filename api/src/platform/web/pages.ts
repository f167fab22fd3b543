import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  NOTICE_COOKIE,
  TERMS_COOKIE,
  type Language,
  type PagePlan,
  type PageRendererModule,
  type PageView,
} from '@shop/contract';
import { pageTemplate } from './page-template.js';

/**
 * Server-rendered public pages (docs/decisions/0012). The web build's renderer
 * (web/dist-server/entry-server.js) turns a path into the HTML of its first render; this module
 * puts it into the built index.html with the page's style sheets and the boot script that loads
 * the app once the page has painted, in the visitor's language.
 */

const cookiePattern = (name: string, value: string) => new RegExp(`(?:^|;\\s*)${name}=${value}(?:;|$)`);
const NOTICE_CLOSED_PATTERN = cookiePattern(NOTICE_COOKIE, 'closed');
const TERMS_ACCEPTED_PATTERN = cookiePattern(TERMS_COOKIE, 'accepted');

/** The page view of a request, from the web app's cookies. */
export function pageView(cookieHeader: string | undefined): PageView {
  const view: PageView = {};
  if (NOTICE_CLOSED_PATTERN.test(cookieHeader ?? '')) view.noticeClosed = true;
  if (TERMS_ACCEPTED_PATTERN.test(cookieHeader ?? '')) view.termsAccepted = true;
  return view;
}

/** A cache key part per distinct page view ('' for the default: a first visit). */
export const pageViewKey = (view: PageView) =>
  `${view.noticeClosed ? 'quiet:' : ''}${view.termsAccepted ? 'agreed:' : ''}`;

/** Vite's build manifest: source file → its chunk (or asset), the chunks it imports and its CSS. */
type Manifest = Record<string, { file: string; src?: string; imports?: string[]; css?: string[] }>;

/** Reads an api answer the page shows (`GET /api{path}`), or null when it is not a 200. */
export type ApiReader = (path: string) => Promise<unknown>;

export interface PageRenderer {
  /** Whether a screen of the app answers the path (else the not-found page, with a 404). */
  isKnownPath(pathname: string): boolean;
  /** What rendering the path needs, or null when it is not a server-rendered page. */
  plan(pathname: string, lang: Language, search?: string): PagePlan | null;
  /** The page's full HTML, or null when its data is missing (an unknown product). */
  render(
    pathname: string,
    lang: Language,
    plan: PagePlan,
    readApi: ApiReader,
    view?: PageView,
    origin?: string,
  ): Promise<string | null>;
}

/**
 * The style sheets of source modules beyond the entry's (already in index.html), written into the
 * page: each would be a render-blocking request of its own (seven small ones on `/clothing`, each
 * a round trip on a connection of its own under a phone's network), where their text is a few KB
 * of the HTML. A disabled link of the same file follows each, so that the app, once it loads the
 * screen's chunk, finds the style sheet already on the page (Vite's preload helper looks for a
 * `link[rel=stylesheet]` of that address) and does not fetch it again; a disabled link is never
 * fetched.
 */
function pageStyles(manifest: Manifest, modules: string[], readCss: (file: string) => string): string {
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const child of manifest[key].imports ?? []) collect(child, into);
  };
  const present = new Set<string>();
  collect('index.html', present);
  const needed = new Set<string>();
  for (const module of modules) collect(module, needed);
  return [...needed]
    .filter((key) => !present.has(key))
    .flatMap((key) => manifest[key]!.css ?? [])
    .map((css) => `<style>${readCss(css)}</style><link rel="stylesheet" href="/${css}" disabled>`)
    .join('');
}

/**
 * Preloads of the font files a page's first paint uses (by file name, as the web app's
 * styles/first-paint-fonts.ts names them): requested with the HTML, they are there when it paints.
 */
function fontLinks(manifest: Manifest, names: string[]): string {
  const byName = new Map(
    Object.values(manifest)
      .filter((entry) => entry.src?.endsWith('.woff2'))
      .map((entry) => [entry.src!.slice(entry.src!.lastIndexOf('/') + 1), entry.file]),
  );
  return names
    .map((name) => byName.get(name))
    .filter((file) => file !== undefined)
    .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}

/** `key` and every chunk it imports (manifest keys), each after what it imports. */
function importsInOrder(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry || into.has(key)) return into;
  for (const child of entry.imports ?? []) importsInOrder(manifest, child, into);
  into.add(key);
  return into;
}

/**
 * The app's chunks for a page whose screen is `modules`: the entry's, then the screen's, each
 * after the chunks it imports. boot.ts preloads and runs them one task each; the screen's
 * chunks are then ready when the app's router asks for them, where its own loading would add
 * every missing one in a single task.
 */
const appChunks = (manifest: Manifest, modules: string[]) =>
  [...modules.reduce((into, module) => importsInOrder(manifest, module, into), importsInOrder(manifest, 'index.html'))]
    .map((key) => `/${manifest[key]!.file}`)
    .join(' ');

/**
 * The style sheets the build links in index.html for the app's entry (those of the chunks it
 * imports, then its own, as the build orders them): a server-rendered page keeps them, where it
 * replaces the app's script and module preloads with the boot script.
 */
function entryStyles(manifest: Manifest, builtApp: string): string {
  const files = new Set([...importsInOrder(manifest, 'index.html')].flatMap((key) => manifest[key]!.css ?? []));
  // Checked against the build's own tags once, at start: a page must not lack a style sheet.
  const built = builtApp.split('rel="stylesheet"').length - 1;
  if (built !== files.size || [...files].some((css) => !builtApp.includes(`href="/${css}"`))) {
    throw new Error("web/dist/index.html's style sheets are not the entry's of web/dist/.vite/manifest.json");
  }
  return [...files].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`).join('');
}

/** Loads the renderer of a web build, or returns null when the build has none. */
export async function loadPageRenderer(distDir: string, serverDir: string): Promise<PageRenderer | null> {
  let renderer: PageRendererModule;
  let manifest: Manifest;
  let html: string;
  try {
    renderer = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as PageRendererModule;
    manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    html = readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
  // A build whose renderer lacks what the api calls would answer every page with a 500: refuse to start.
  const missing = (['isKnownPath', 'planPage', 'renderPage'] as const).filter(
    (name) => typeof renderer[name] !== 'function',
  );
  if (missing.length > 0) throw new Error(`web/dist-server/entry-server.js does not export ${missing.join(', ')}`);
  const template = pageTemplate(html);
  const boot = manifest['src/boot.ts'];
  if (!manifest['index.html'] || !boot) throw new Error('web/dist/.vite/manifest.json lacks index.html or src/boot.ts');
  // Instead of the app's script and its preloads, the small boot script that loads the app once the page has painted.
  const bootScript = `<script type="module" src="/${boot.file}"></script>${entryStyles(manifest, template.builtApp)}`;
  const styles = new Map<string, string>();
  const readCss = (file: string) => {
    let text = styles.get(file);
    if (text === undefined) {
      // A `</style` in the CSS (inside a string) would end the element: escaped, CSS reads it the same.
      text = readFileSync(join(distDir, file), 'utf8').replaceAll('</style', '<\\/style');
      styles.set(file, text);
    }
    return text;
  };

  return {
    isKnownPath: (pathname) => renderer.isKnownPath(pathname),
    plan: (pathname, lang, search) => renderer.planPage(pathname, lang, search),
    async render(pathname, lang, plan, readApi, view = {}, origin = '') {
      const data: Record<string, unknown> = {};
      for (const key of plan.data) {
        const answer = await readApi(key);
        if (answer === null) return null;
        data[key] = answer;
      }
      const page = await renderer.renderPage(pathname, lang, data, view, origin);
      if (!page) return null;
      return template.page({
        lang,
        title: page.title,
        ownDescription: page.head.includes('name="description"'),
        app:
          `<meta name="app-entry" content="${appChunks(manifest, plan.modules)}">${bootScript}` +
          `${page.head}${fontLinks(manifest, plan.fonts ?? [])}${pageStyles(manifest, plan.modules, readCss)}`,
        root: page.html,
        afterRoot: page.dataScript,
      });
    },
  };
}
