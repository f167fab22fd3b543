import { ACCEPT_TERMS_PATH, TERMS_COOKIE } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.js';

const FormSchema = z.object({ accepted: z.string().max(10).catch('') }).catch({ accepted: '' });
const YEAR_S = 365 * 24 * 60 * 60;

/** Sent by a page of this shop: not a form another site makes the visitor's browser send. */
function fromThisShop(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The page the form was on (its Referer, same origin), else the home page. */
function pageOfTheForm(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    // One leading slash: `//host/…` would send the visitor to another site.
    return url.host === request.headers.host ? `/${url.pathname.replace(/^\/+/, '')}${url.search}` : '/';
  } catch {
    return '/';
  }
}

/**
 * The terms popup's form, when it is sent before the app has started or without JavaScript (the
 * popup is in server-rendered pages' first HTML, docs/decisions/0012): sets the cookie copy of the
 * acceptance that the app sets itself otherwise (web/src/components/terms-popup/terms-accepted.ts),
 * and sends the visitor back to the page, now rendered without the popup. The app copies the
 * cookie into local storage (the spec's flag) when it starts.
 */
export const acceptTermsRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const secure = app.config.publicUrl.startsWith('https://') ? '; Secure' : '';

  app.post(ACCEPT_TERMS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisShop(request)) throw forbidden('The terms can be accepted only on the shop’s own pages.');
    // The checkbox is required: a form sent without it is shown again.
    if (FormSchema.parse(request.body).accepted !== '') {
      reply.header('set-cookie', `${TERMS_COOKIE}=accepted; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`);
    }
    return reply.header('cache-control', 'no-store').redirect(pageOfTheForm(request), 303);
  });
};
