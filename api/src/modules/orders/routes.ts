import { ErrorBodySchema, IdParamsSchema, OrderSchema, SessionParamsSchema, ORDER_TABLE } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { cancelOwnCheckout, getOrder, getOrderBySession, listOrders } from './service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read and validated: an anonymous request is told to log in, whatever it sent.
  app.addHook('onRequest', requireUser);

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's orders, newest first, with their lines",
        security: [{ bearer: [] }],
        response: { 200: z.array(OrderSchema), ...errors },
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
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: OrderSchema, ...errors },
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
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: OrderSchema, 409: ErrorBodySchema, ...errors },
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
        security: [{ bearer: [] }],
        params: SessionParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => getOrderBySession(app.db, currentUser(request).id, request.params.sessionId),
  );
};
