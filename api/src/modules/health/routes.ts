import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readiness } from './service.js';

const HealthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
const ReadySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  reason: z.enum(['database', 'migrating', 'draining']).optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database check',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'error' });
      }
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: 503 while draining, while migrations run or are missing, or when the database does not answer',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const state = await readiness(app.database, app.draining);
      if (state.ready) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'not ready', reason: state.reason });
    },
  );
};
