import { randomUUID } from 'node:crypto';
import {
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  CancelOrderBodySchema,
  OrderParamsSchema,
  OrdersExportQuerySchema,
  RefundOrderBodySchema,
  ReturnOrderBodySchema,
  ShipOrderBodySchema,
  StatsQuerySchema,
  StatsSchema,
  ORDER_TABLE,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { cancelOrder, confirmOrder, deliverOrder, refundOrder, returnOrder, shipOrder } from './service.js';
import { getAdminOrder, listAdminOrders } from '../orders/admin-list.js';
import { adminOrderAnswer, adminOrdersAnswer } from '../orders/admin-answer.js';
import { exportOrdersCsv } from '../orders/export.js';
import { shopVatRate } from '../documents/settings.js';
import { requestLanguage } from '../../lib/language.js';
import { orderStats } from '../orders/stats.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const tags = ['admin: orders'];
const security = BEARER;
const errors = errorAnswers(400, 401, 403, 404);
const stepErrors = { ...errors, ...errorAnswers(409, 502) };
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'An idempotency key is 8 to 100 letters, digits, - or _.')
    .optional(),
});

/** The owner's Orders screen and dashboard (docs/decisions/0022). Every step is audited. */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        security,
        summary:
          'Orders, newest first: by status, fulfilment, withdrawal; `q` finds an order number, email, name or phone',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => adminOrdersAnswer(await listAdminOrders(app.db, request.query, app.caches.orderCounts)),
  );

  app.get(
    '/admin/orders/export.csv',
    {
      schema: {
        tags,
        security,
        summary:
          "Every order line (from–to, days included) as CSV, streamed: UTF-8 with a BOM, `;` and a decimal comma in Bulgarian (`lang` or Accept-Language), each line's VAT",
        querystring: OrdersExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const name = `orders${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      const csv = exportOrdersCsv(
        app.db,
        request.query,
        requestLanguage(request, request.query.lang),
        await shopVatRate(app.db),
      );
      // The status and headers are gone by then: the owner gets a cut file, the log says why.
      csv.on('error', (error) => request.log.error({ err: error, from, to }, 'orders export failed mid-stream'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order with its customer, delivery, lines and history',
        params: OrderParamsSchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (request) => adminOrderAnswer(await getAdminOrder(app.db, request.params.id)),
  );

  app.post(
    ORDER_TABLE.confirm.route.admin,
    {
      schema: {
        tags,
        security,
        summary: 'Confirmed by the owner: a cash-on-delivery order of a new account may then ship (a setting)',
        params: OrderParamsSchema,
        response: { 200: AdminOrderSchema, ...stepErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await confirmOrder(app.db, currentUser(request).id, id);
      return adminOrderAnswer(await getAdminOrder(app.db, id));
    },
  );

  app.post(
    ORDER_TABLE.ship.route.admin,
    {
      schema: {
        tags,
        security,
        summary: 'Shipped with a carrier and tracking number (paid or cash-on-delivery orders that have not left)',
        params: OrderParamsSchema,
        body: ShipOrderBodySchema,
        response: { 200: AdminOrderSchema, ...stepErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await shipOrder(app.db, currentUser(request).id, id, request.body);
      return adminOrderAnswer(await getAdminOrder(app.db, id));
    },
  );

  app.post(
    ORDER_TABLE.deliver.route.admin,
    {
      schema: {
        tags,
        security,
        summary: 'Delivered (shipped orders); a cash-on-delivery order becomes paid',
        params: OrderParamsSchema,
        response: { 200: AdminOrderSchema, ...stepErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await deliverOrder(app.db, currentUser(request).id, id);
      return adminOrderAnswer(await getAdminOrder(app.db, id));
    },
  );

  app.post(
    ORDER_TABLE.cancel.route.admin,
    {
      schema: {
        tags,
        security,
        summary: 'Cancelled before it left: stock back, a paid order refunded in full',
        params: OrderParamsSchema,
        body: CancelOrderBodySchema,
        response: { 200: AdminOrderSchema, ...stepErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await cancelOrder(app.db, currentUser(request).id, id, request.body.reason);
      return adminOrderAnswer(await getAdminOrder(app.db, id));
    },
  );

  app.post(
    ORDER_TABLE.refund.route.admin,
    {
      schema: {
        tags,
        security,
        summary: 'Refund part or all of a paid order through the payment provider (once per Idempotency-Key)',
        params: OrderParamsSchema,
        headers: IdempotencyHeaders,
        body: RefundOrderBodySchema,
        response: { 200: AdminOrderSchema, ...stepErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const key = request.headers['idempotency-key'] ?? randomUUID();
      await refundOrder(app.db, currentUser(request).id, id, request.body.amount, key, request.body.lines);
      return adminOrderAnswer(await getAdminOrder(app.db, id));
    },
  );

  app.post(
    ORDER_TABLE.return.route.admin,
    {
      schema: {
        tags,
        security,
        summary: 'Came back (shipped or delivered orders); its stock back on hand if asked',
        params: OrderParamsSchema,
        body: ReturnOrderBodySchema,
        response: { 200: AdminOrderSchema, ...stepErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await returnOrder(app.db, currentUser(request).id, id, request.body.restock);
      return adminOrderAnswer(await getAdminOrder(app.db, id));
    },
  );

  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin: dashboard'],
        security,
        summary: 'Orders and revenue per day, totals, best sellers and low stock, over the last `days` days',
        querystring: StatsQuerySchema,
        response: { 200: StatsSchema, ...errors },
      },
    },
    async (request) => orderStats(app.db, request.query.days),
  );
};
