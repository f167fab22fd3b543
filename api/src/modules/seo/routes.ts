import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildRobots, buildSitemap } from './service.js';

/** What search engines read: the sitemap (follows the catalogue through its cache) and robots.txt. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const robots = buildRobots(app.config.publicUrl);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const sitemap = await app.caches.catalogue.value('sitemap', () => buildSitemap(app.db, app.config.publicUrl));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
};
