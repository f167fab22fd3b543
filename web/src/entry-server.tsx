/**
 * The server's way in (docs/decisions/0012): the api imports the build of this module
 * (web/dist-server) to render public pages' first HTML, so they paint before any JavaScript.
 * Rendering is the app itself, logged out and with the api answers the server looked up.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { LANGUAGES, type Language, type PageRendererModule, type Product, type Settings } from '@shop/contract';
import en from './locales/en.json';
import bg from './locales/bg.json';
import i18n, { startI18n } from './lib/i18n';
import { serializeServerData, SERVER_DATA_ID } from './lib/server-render';
import { takeServerTitle } from './lib/use-document-title';
import { SETTINGS_PATH } from './lib/swr-keys';
import { setNoticeClosedOnServer } from './components/notice-banner/notice-closed';
import { setTermsAcceptedOnServer } from './components/terms-popup/terms-accepted';
import { AppProviders } from './app/providers';
import { routes, type ServerRendered } from './app/router';
import { pageFonts } from './styles/first-paint-fonts';
import { pageHead } from './app/seo-head';
import { parseProductId } from './features/catalog/api/get-product';
import { productKey } from './lib/swr-keys';

const strings: Record<Language, object> = { en, bg };
const ready = startI18n().then(() => {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', strings[language], true, true);
});
const handler = createStaticHandler(routes);

type Leaf = NonNullable<ReturnType<typeof matchRoutes>>[number] | undefined;
/** Pathnames asked for lately, with their leaf: at most this many (anyone can make addresses up). */
const LEAVES_KEPT = 1000;
const leaves = new Map<string, Leaf>();

/**
 * The deepest route that answers `pathname`, if any. Kept: react-router flattens and compiles the
 * whole route table on every match, which was the largest part of serving a cached page (the
 * bench's server-rendered product page, issue 31); each page asks it two or three times.
 */
function leafOf(pathname: string): Leaf {
  if (leaves.has(pathname)) return leaves.get(pathname);
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (leaves.size >= LEAVES_KEPT) leaves.clear();
  leaves.set(pathname, leaf);
  return leaf;
}

/**
 * A screen answers `pathname` unless only the catch-all not-found route does, or its route refuses
 * the address's parameters (`/product/abc`: no product can have that id).
 */
export const isKnownPath: PageRendererModule['isKnownPath'] = (pathname) => {
  const leaf = leafOf(pathname);
  if (leaf === undefined || leaf.route.path === '*') return false;
  return (leaf.route.handle as ServerRendered | undefined)?.accepts?.(leaf.params) !== false;
};

/**
 * The page's route and canonical path (`/CLOTHING/` and `/product/007` are `/clothing` and
 * `/product/7`), with the product and settings it shows.
 */
function canonical(pathname: string, lang: Language, data: Record<string, unknown>) {
  const leaf = leafOf(pathname);
  const route = leaf?.route.path ?? '';
  const productId = parseProductId(leaf?.params.productId);
  const product = productId === null ? undefined : (data[productKey(productId, lang)] as Product | undefined);
  const path = product ? `/product/${product.id}` : `/${route}`;
  return { route, path, product, settings: data[SETTINGS_PATH] as Settings | undefined };
}

/** What rendering `pathname` needs (declared on its route, app/router.tsx), or null when it is not server-rendered. */
export const planPage: PageRendererModule['planPage'] = (pathname, lang, search = '') => {
  const leaf = leafOf(pathname);
  const page = leaf?.route.handle as ServerRendered | undefined;
  if (!leaf || !page?.module) return null;
  const query = new URLSearchParams(search);
  const variant = new URLSearchParams(
    (page.query ?? []).flatMap((name) => query.getAll(name).map((value) => [name, value])),
  ).toString();
  return {
    modules: [page.module],
    // Every page writes prices in the currency the settings name (and some show the seller).
    data: [...new Set([SETTINGS_PATH, ...(page.data?.(leaf.params, lang, query) ?? [])])],
    fonts: pageFonts(lang, page.italic, page.cyrillic),
    variant,
  };
};

/**
 * Renders a page planned by `planPage`, with the api answers its plan asked for. Pages render side
 * by side: each gets an i18n instance of its own (sharing the loaded strings), and what the
 * components read from module state (the notice's and the terms' cookies, the title they set) is set and read
 * around the synchronous `renderToString`, where no other render can step in.
 */
export const renderPage: PageRendererModule['renderPage'] = async (pathname, lang, data, view = {}, origin = '') => {
  await ready;
  const translation = i18n.cloneInstance({ lng: lang });
  await translation.changeLanguage(lang);
  const address = new URL(pathname, 'http://localhost');
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  setNoticeClosedOnServer(view.noticeClosed === true);
  setTermsAcceptedOnServer(view.termsAccepted === true);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={translation}>
        <AppProviders fallback={data}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
  );
  const title = takeServerTitle();
  const json = serializeServerData({ lang, fallback: data });
  const head = pageHead({ ...canonical(address.pathname, lang, data), lang, t: translation.t, title, origin });
  return { html, dataScript: `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`, title, head };
};
