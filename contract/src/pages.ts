import type { Language } from './constants.js';

/**
 * Server-rendered pages (docs/decisions/0012): what the web build's renderer
 * (web/src/entry-server.tsx, built to web/dist-server) tells the api, typed once for both.
 */
export interface PagePlan {
  /** Source files of the page's route modules (their CSS goes in the HTML head). */
  modules: string[];
  /** Api paths (under /api) whose answers the page shows first. */
  data: string[];
  /** Font files (by name) the page's first paint uses beyond those index.html preloads. */
  fonts: string[];
  /** The query parameters that change what the page shows (`?q=`, `?size=`), normalized: '' for none. */
  variant: string;
}

/** What the server knows of the visitor, beside the language, that changes a page's HTML. */
export interface PageView {
  /** The notice banner was closed in this browsing session (its cookie). */
  noticeClosed?: boolean;
  /** The terms were accepted (their cookie): the page has no terms popup. */
  termsAccepted?: boolean;
}

export interface RenderedPage {
  /** The inside of <div id="root">. */
  html: string;
  /** The <script type="application/json"> the browser hydrates from. */
  dataScript: string;
  title: string;
  /** Tags for <head>: description, canonical and language alternates, previews, structured data. */
  head: string;
}

/** What web/dist-server/entry-server.js exports. */
export interface PageRendererModule {
  /** Whether a screen of the app answers `pathname` (else the not-found page, with a 404). */
  isKnownPath(pathname: string): boolean;
  /** What rendering `pathname` (with `search`, its query string) needs, or null when it is not server-rendered. */
  planPage(pathname: string, lang: Language, search?: string): PagePlan | null;
  /** The page at `pathname` (with its query string, if any), or null when its data is missing (an unknown product). */
  renderPage(
    pathname: string,
    lang: Language,
    data: Record<string, unknown>,
    view?: PageView,
    /** The shop's public origin (PUBLIC_URL): the head's addresses are absolute. */
    origin?: string,
  ): Promise<RenderedPage | null>;
}
