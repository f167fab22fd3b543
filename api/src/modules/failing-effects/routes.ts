import {
  EffectSchema,
  EffectsQuerySchema,
  EffectsResponseSchema,
  ErrorBodySchema,
  IdParamsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { listEffects, retryEffect } from './service.js';

const tags = ['admin: operations'];
const security = [{ bearer: [] }];
const denied = { 401: ErrorBodySchema, 403: ErrorBodySchema };

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
        response: { 200: EffectsResponseSchema, 400: ErrorBodySchema, ...denied },
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
        response: { 200: EffectSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, ...denied },
      },
    },
    async (request) => {
      const effect = await retryEffect(app.db, currentUser(request).id, request.params.id);
      app.outbox.wake();
      return effect;
    },
  );
};
