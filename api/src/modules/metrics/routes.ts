import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../lib/route-schema.js';

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/metrics in Prometheus' text format, for operators: with METRICS_TOKEN unset the route
 * answers 404 as if it were not there; set, it wants `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN; 404 when METRICS_TOKEN is unset)',
        response: { 200: z.string(), ...errorAnswers(401, 404) },
      },
    },
    async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
      if (!sameToken(request.headers.authorization, token))
        return reply.code(401).send({ error: 'A valid metrics token is required.', code: 'UNAUTHORIZED' });
      return reply
        .header('content-type', app.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await app.metrics.render());
    },
  );
};
