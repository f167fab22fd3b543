import { randomBytes } from 'node:crypto';
import { LangSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ifNoneMatches } from '../../platform/cache/encoded.js';
import { googleFeed, metaFeed } from './feeds.js';

const FeedQuerySchema = z.object({ lang: LangSchema });

/**
 * What the feeds are built from changes with the catalogue, stock, sales (the sale clock announces
 * their starts and ends) and the delivery settings: this process counts those changes, and a
 * feed's ETag names the count (and this process's start), so a fetcher's copy is answered 304
 * until one of them changes — within a second of the write, on the change feed. Another process
 * has its own start in its ETags: at worst a fetcher gets the same feed again, never a stale 304.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = randomBytes(6).toString('base64url');
  let version = 0;
  app.caches.feed.subscribe((change) => {
    if (change.kind === 'catalogue' || change.kind === 'stock' || change.kind === 'settings' || change.kind === 'all')
      version += 1;
  });

  const feeds = {
    'google.xml': { type: 'application/xml; charset=utf-8', build: googleFeed },
    'meta.csv': { type: 'text/csv; charset=utf-8', build: metaFeed },
  } as const;

  for (const [name, feed] of Object.entries(feeds)) {
    app.get(
      `/feeds/${name}`,
      {
        schema: { hide: true, querystring: FeedQuerySchema },
        // A feed is read in full (every product): a client may not have it built more than this.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const lang = request.query.lang ?? 'en';
        const etag = `"${name}-${lang}-${started}-${version}"`;
        reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=60')
          .header('x-content-type-options', 'nosniff');
        if (ifNoneMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
        const body = feed.build(app.db, { publicUrl: app.config.publicUrl, currency: app.config.currency, lang });
        body.on('error', (error) => request.log.error({ err: error, feed: name }, 'feed failed mid-stream'));
        return reply.type(feed.type).send(body);
      },
    );
  }
};
