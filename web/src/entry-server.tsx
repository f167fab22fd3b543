/**
 * The server's way in (docs/decisions/0012): the api imports the build of this module
 * (web/dist-server) to render public pages' first HTML, so they paint before any JavaScript.
 * Rendering is the app itself, logged out and with the api answers the server looked up.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { LANGUAGES, type Language, type PageRendererModule } from '@shop/contract';
import en from './locales/en.json';
import bg from './locales/bg.json';
import i18n, { startI18n } from './lib/i18n';
import { serializeServerData, SERVER_DATA_ID } from './lib/server-render';
import { takeServerTitle } from './lib/use-document-title';
import { setNoticeClosedOnServer } from './components/notice-banner/notice-closed';
import { setTermsAcceptedOnServer } from './components/terms-popup/terms-accepted';
import { AppProviders } from './app/providers';
import { routes, type ServerRendered } from './app/router';
import { pageFonts } from './styles/first-paint-fonts';

const strings: Record<Language, object> = { en, bg };
const ready = startI18n().then(() => {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', strings[language], true, true);
});
const handler = createStaticHandler(routes);

/** The deepest route that answers `pathname`, if any. */
const leafOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1);

/** A screen answers `pathname` unless only the catch-all not-found route does. */
export const isKnownPath: PageRendererModule['isKnownPath'] = (pathname) => {
  const leaf = leafOf(pathname);
  return leaf !== undefined && leaf.route.path !== '*';
};

/** What rendering `pathname` needs (declared on its route, app/router.tsx), or null when it is not server-rendered. */
export const planPage: PageRendererModule['planPage'] = (pathname, lang) => {
  const leaf = leafOf(pathname);
  const page = leaf?.route.handle as ServerRendered | undefined;
  if (!leaf || !page?.module) return null;
  return {
    modules: [page.module],
    data: page.data?.(leaf.params, lang) ?? [],
    fonts: pageFonts(lang, page.italic, page.cyrillic),
  };
};

/**
 * Renders a page planned by `planPage`, with the api answers its plan asked for. Pages render side
 * by side: each gets an i18n instance of its own (sharing the loaded strings), and what the
 * components read from module state (the notice's and the terms' cookies, the title they set) is set and read
 * around the synchronous `renderToString`, where no other render can step in.
 */
export const renderPage: PageRendererModule['renderPage'] = async (pathname, lang, data, view = {}) => {
  await ready;
  const translation = i18n.cloneInstance({ lng: lang });
  await translation.changeLanguage(lang);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
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
  return { html, dataScript: `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`, title };
};
