import fp from 'fastify-plugin';
import { createShopMetrics, type ShopMetrics } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

/**
 * `app.metrics` and the one hook that counts every answer Fastify sends: by method, route
 * template (`/api/products/:id`, never the raw URL: a bounded set of series) and status.
 */
export const metrics = fp(async (app) => {
  const shopMetrics = createShopMetrics(app.database, app.backups, () => app.caches.stats());
  app.decorate('metrics', shopMetrics);
  app.addHook('onResponse', async function countResponse(request, reply) {
    shopMetrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onClose', async () => shopMetrics.close());
});
