import { IdParamsSchema, SessionParamsSchema, ORDER_TABLE } from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { cancelOwnCheckout, getOrder, getOrderBySession, listOrders } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 404);

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read and validated: an anonymous request is told to log in, whatever it sent.
  app.addHook('onRequest', requireUser);

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's orders, newest first, with their lines",
        security: BEARER,
        response: { 200: API_ROUTES['GET /orders'].response, ...errors },
      },
    },
    async (request) => listOrders(app.db, currentUser(request).id),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the shopper’s orders',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: API_ROUTES['GET /orders/:id'].response, ...errors },
      },
    },
    async (request) => getOrder(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    ORDER_TABLE.cancel.route.shopper,
    {
      schema: {
        tags: ['orders'],
        summary: 'Drop one of the shopper’s orders that waits for payment (its stock goes back)',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: API_ROUTES['POST /orders/:id/cancel'].response, ...errorAnswers(409), ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await cancelOwnCheckout(app.db, userId, request.params.id);
      return getOrder(app.db, userId, request.params.id);
    },
  );

  app.get(
    '/orders/by-session/:sessionId',
    {
      schema: {
        tags: ['orders'],
        summary: 'The shopper’s order of a payment session (for the result pages)',
        security: BEARER,
        params: SessionParamsSchema,
        response: { 200: API_ROUTES['GET /orders/by-session/:sessionId'].response, ...errors },
      },
    },
    async (request) => getOrderBySession(app.db, currentUser(request).id, request.params.sessionId),
  );
};
