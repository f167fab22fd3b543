/**
 * The server's way in (docs/decisions/0012): the api imports the build of this module
 * (web/dist-server) to render public pages' first HTML, so they paint before any JavaScript.
 * Rendering is the app itself, logged out and with the api answers the server looked up.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { LANGUAGES, type Language } from '@shop/contract';
import en from './locales/en.json';
import bg from './locales/bg.json';
import i18n, { startI18n } from './lib/i18n';
import { serializeServerData, SERVER_DATA_ID } from './lib/server-render';
import { takeServerTitle } from './lib/use-document-title';
import { AppProviders } from './app/providers';
import { routes, type ServerRendered } from './app/router';

const strings: Record<Language, object> = { en, bg };
const ready = startI18n().then(() => {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', strings[language], true, true);
});
const handler = createStaticHandler(routes);

export interface PagePlan {
  /** Source files of the page's route modules (their CSS and chunks go in the HTML head). */
  modules: string[];
  /** Api paths (under /api) whose answers the page shows first. */
  data: string[];
}

/** What rendering `pathname` needs, or null when it is not a server-rendered page. */
export function planPage(pathname: string, lang: Language): PagePlan | null {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1);
  const page = leaf?.route.handle as ServerRendered | undefined;
  if (!leaf || !page?.module) return null;
  return { modules: [page.module], data: page.data?.(leaf.params, lang) ?? [] };
}

export interface RenderedPage {
  /** The inside of <div id="root">. */
  html: string;
  /** The <script type="application/json"> the browser hydrates from. */
  dataScript: string;
  title: string;
}

async function renderNow(
  pathname: string,
  lang: Language,
  data: Record<string, unknown>,
): Promise<RenderedPage | null> {
  await ready;
  await i18n.changeLanguage(lang);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) return null;
  const html = renderToString(
    <StrictMode>
      <AppProviders fallback={data}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
  const json = serializeServerData({ lang, fallback: data });
  return {
    html,
    dataScript: `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`,
    title: takeServerTitle(),
  };
}

// One language at a time: i18next's language is global to the module.
let queue: Promise<unknown> = Promise.resolve();

/** Renders a page planned by `planPage`, with the api answers its plan asked for. */
export function renderPage(
  pathname: string,
  lang: Language,
  data: Record<string, unknown>,
): Promise<RenderedPage | null> {
  const result = queue.then(() => renderNow(pathname, lang, data));
  queue = result.catch(() => undefined);
  return result;
}
