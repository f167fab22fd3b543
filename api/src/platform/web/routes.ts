import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Language } from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagOf } from '../../lib/etag.js';
import { pageLanguage } from '../../lib/language.js';
import { webDistDir, webServerDir } from '../../paths.js';
import { sendCached, withSmallestBrotli, type CachedBody } from '../cache/encoded.js';
import { pageTemplate } from './page-template.js';
import { loadPageRenderer, pageView, pageViewKey } from './pages.js';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'accept-encoding, accept-language, cookie',
};

/**
 * The built React app: hashed assets cached forever (pre-compressed); public pages rendered on
 * the server (docs/decisions/0012) and kept in the page cache; every other path gets
 * index.html, where the app renders in the browser.
 */
export async function registerWebApp(app: FastifyInstance, enabled: boolean): Promise<void> {
  const hasWebApp = enabled && existsSync(join(webDistDir, 'index.html'));
  const renderer = hasWebApp ? await loadPageRenderer(webDistDir, webServerDir) : null;
  if (hasWebApp && !renderer) app.log.warn('web app has no server renderer: pages render in the browser only');
  // The app's shell for the pages the browser renders, in the page's language from the first byte
  // (screen readers and the browser's translation offer read `<html lang>` before the app runs).
  const shells = hasWebApp ? appShells(readFileSync(join(webDistDir, 'index.html'), 'utf8')) : null;

  /**
   * A GET of the api, as an anonymous visitor from the page's client address (so that what the
   * api limits per client, new searches, counts the client): the answers a public page shows.
   */
  const apiReader = (remoteAddress: string) => async (path: string) => {
    const response = await app.inject({ method: 'GET', url: `/api${path}`, remoteAddress });
    return response.statusCode === 200 ? response.json<unknown>() : null;
  };

  /**
   * The server-rendered page (from the page cache), 'missing' when the page shows something that
   * does not exist (an unknown product), or null to let the browser render it.
   */
  async function renderedPage(request: FastifyRequest): Promise<CachedBody | 'missing' | null> {
    const [pathname = '/', search = ''] = request.url.split('?', 2);
    const lang = pageLanguage(request);
    const view = pageView(request.headers.cookie);
    const plan = renderer?.plan(pathname, lang, search);
    if (!renderer || !plan) return null;
    // Kept by what the page shows, not by its address: `/CLOTHING`, `/clothing/` or
    // `/product/007` render the same page and must not each take a place in the cache.
    // A query string counts only where it changes the page (`plan.variant`: a search, the filters).
    const key = `page:${lang}:${pageViewKey(view)}${plan.modules.join(',')}:${plan.data.join(',')}?${plan.variant}`;
    let missing = false;
    const cache = plan.variant ? app.caches.pageVariants : app.caches.pages;
    try {
      const page = await cache.get(key, async () => {
        const address = plan.variant ? `${pathname}?${plan.variant}` : pathname;
        const readApi = apiReader(request.ip);
        const html = await renderer.render(address, lang, plan, readApi, view, app.config.publicUrl);
        if (html === null) {
          missing = true;
          return null;
        }
        const body = Buffer.from(html);
        return withSmallestBrotli({ body, etag: etagOf(body) });
      });
      return page ?? (missing ? 'missing' : null);
    } catch (error) {
      // The page still works: the browser renders it, as it does every other page.
      request.log.error({ err: error }, 'server rendering failed; sending the app to render in the browser');
      return null;
    }
  }

  /**
   * A page of the app. An address no screen answers, or a page of something that does not exist,
   * is the not-found page with status 404 (for browsers and search engines alike).
   */
  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = renderer?.isKnownPath(pathname) === false ? 'missing' : await renderedPage(request);
    if (page && page !== 'missing') return sendCached(request, reply, page, PAGE_HEADERS);
    const shell = await shells![pageLanguage(request)];
    // Not found: the app's not-found page, with its status (no validator: a 404 is not revalidated).
    if (page === 'missing') return reply.code(404).headers(PAGE_HEADERS).send(shell.body);
    return sendCached(request, reply, shell, PAGE_HEADERS);
  }

  if (hasWebApp) {
    const setHeaders = (reply: FastifyReply, path: string) => {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    };
    // The build's hashed files under one route, `/assets/*`: a page's address (`/product/1`) goes
    // straight to the app instead of first being looked for on disk (with its .br and .gz), which
    // cost a cached page a fifth of its time (issue 31), and the start registers one route, not
    // one per file and encoding (1,100 routes, a twelfth of the start-up's CPU time: decision 0053).
    await app.register(fastifyStatic, {
      root: join(webDistDir, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders,
    });
    // The few files beside index.html (the icon), a route each.
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      cacheControl: false,
      index: false,
      wildcard: false,
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      decorateReply: false,
      setHeaders,
    });
    // The static plugin answers a bare directory (`/`) with 403; the home page is the app's.
    app.get('/', { schema: { hide: true } }, sendApp);
  }
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: app.config.pageRateLimit, timeWindow: 60_000 }) },
    (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|files|pay)(\/|$)/.test(path);
      if (hasWebApp && isPage) return sendApp(request, reply);
      return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    },
  );
}

/** The built index.html in each language, compressed and tagged once (started, not awaited, at start). */
function appShells(html: string): Record<Language, Promise<CachedBody>> {
  const template = pageTemplate(html);
  const shell = (lang: Language) => {
    const body = Buffer.from(template.shell(lang));
    return withSmallestBrotli<CachedBody>({ body, etag: etagOf(body) });
  };
  return { en: shell('en'), bg: shell('bg') };
}
