import { EffectSchema, EffectsQuerySchema, EffectsResponseSchema, IdParamsSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { listEffects, retryEffect } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const tags = ['admin: operations'];
const security = BEARER;
const denied = errorAnswers(401, 403);

/** The effects that keep failing (mails, provider refunds…), for the admin dashboard, and their retry. */
export const failingEffectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/effects',
    {
      schema: {
        tags,
        security,
        summary: 'Effects that gave up after every attempt (or are being retried), newest first',
        querystring: EffectsQuerySchema,
        response: { 200: EffectsResponseSchema, ...errorAnswers(400), ...denied },
      },
    },
    async (request) => listEffects(app.db, request.query.state),
  );

  app.post(
    '/admin/effects/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Runs a failed effect again, now, with its attempts renewed (audited)',
        params: IdParamsSchema,
        response: { 200: EffectSchema, ...errorAnswers(400, 404, 409), ...denied },
      },
    },
    async (request) => {
      const effect = await retryEffect(app.db, currentUser(request).id, request.params.id);
      app.outbox.wake();
      return effect;
    },
  );
};
