import {
  CreateStockAlertBodySchema,
  IdParamsSchema,
  LangQuerySchema,
  StockAlertParamsSchema,
  StockAlertSchema,
  UpdateStockBodySchema,
  UpdateStockResponseSchema,
} from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { setStock } from './admin.js';
import { collectBackInStock, createAlert, deleteAlert, listAlerts } from './alerts.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const security = BEARER;
const errors = errorAnswers(400, 401, 403, 404);

/** Stock per colour and size (admins) and back-in-stock alerts (shoppers). */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/products/:id/stock',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: products'],
        security,
        summary: 'Whether the product tracks stock, and what is on hand per colour and size (audited)',
        params: IdParamsSchema,
        body: UpdateStockBodySchema,
        response: { 200: UpdateStockResponseSchema, ...errors },
      },
    },
    async (request) => {
      const stock = await setStock(app.db, currentUser(request).id, request.params.id, request.body);
      // A variant back from 0: its waiting shoppers' mails are written now (the outbox sends them).
      await collectBackInStock(app.db);
      return { success: true as const, stock };
    },
  );

  app.get(
    '/stock-alerts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['stock alerts'],
        security,
        summary: 'The sold-out sizes the shopper waits for',
        querystring: LangQuerySchema,
        response: { 200: API_ROUTES['GET /stock-alerts'].response, ...errorAnswers(401) },
      },
    },
    async (request) => listAlerts(app.db, currentUser(request).id, requestLanguage(request, request.query.lang)),
  );

  app.post(
    '/stock-alerts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['stock alerts'],
        security,
        summary: 'Mail me once when this sold-out colour and size is back (201 new, 200 already asked)',
        querystring: LangQuerySchema,
        body: CreateStockAlertBodySchema,
        response: { 200: StockAlertSchema, 201: StockAlertSchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { alert, created } = await createAlert(app.db, currentUser(request).id, request.body, lang);
      return reply.code(created ? 201 : 200).send(alert);
    },
  );

  app.delete(
    '/stock-alerts/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['stock alerts'],
        security,
        summary: 'Stop waiting for a size',
        params: StockAlertParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAlert(app.db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
