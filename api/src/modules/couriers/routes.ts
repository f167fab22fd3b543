import {
  AdminOrderSchema,
  CourierCitiesQuerySchema,
  CourierCitiesSchema,
  CourierOfficesSchema,
  CreateShipmentBodySchema,
  IdParamsSchema,
  OfficeSyncResultSchema,
  OfficesQuerySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { audit } from '../../platform/audit.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { syncOffices } from './offices.js';
import { createShipment, shipmentLabel } from './shipments.js';
import { adminOrderAnswer } from '../orders/admin-answer.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

/** The checkout's office picker (anyone), and the admin's shipments and office sync (docs/decisions/0044). */
export const courierRoutes: FastifyPluginAsyncZod = async (app) => {
  // The offices are synced behind the listen: a request that comes first waits for them.
  app.addHook('onRequest', async () => app.couriersReady());
  app.get(
    '/couriers/offices',
    {
      schema: {
        tags: ['couriers'],
        summary: "Offices and lockers of the shop's courier: in a city, matching words of their name or address",
        description:
          '`city`: the city’s name in either language, any case; `q`: words all found in the name, city or address ' +
          '(any case, Cyrillic or Latin). Offices before lockers, by name; at most 50. Names in the request’s language.',
        querystring: OfficesQuerySchema,
        response: { 200: CourierOfficesSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { city, q, lang } = request.query;
      return app.couriers.offices.search({ city, q, lang: requestLanguage(request, lang) });
    },
  );

  app.get(
    '/couriers/cities',
    {
      schema: {
        tags: ['couriers'],
        summary: "Every city with an office or locker of the shop's courier, with how many, by name",
        querystring: CourierCitiesQuerySchema,
        response: { 200: CourierCitiesSchema },
      },
    },
    async (request) => app.couriers.offices.cities(requestLanguage(request, request.query.lang)),
  );

  app.post(
    '/admin/couriers/sync',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: couriers'],
        security: BEARER,
        summary:
          "Syncs the courier's offices and lockers now (also done daily): added, changed, closed (kept inactive)",
        response: {
          200: OfficeSyncResultSchema,
          ...errorAnswers(401, 403, 502),
        },
      },
    },
    async (request) => {
      const result = await syncOffices(app.db, app.couriers.gateway);
      await app.couriers.offices.refresh();
      const actorId = currentUser(request).id;
      await app.db.transaction((tx) =>
        audit(tx, { actorId, action: 'couriers.sync', target: `courier:${result.courier}`, detail: { ...result } }),
      );
      return result;
    },
  );

  app.post(
    '/admin/orders/:id/shipment',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: orders'],
        security: BEARER,
        summary: 'Create shipment: the courier makes the label and the order is shipped with its tracking, in one step',
        description:
          'Answers the order, shipped, with `tracking` and `tracking.labelUrl`. An order that may not ship (already ' +
          'shipped, or its label being made by another press): 409 INVALID_TRANSITION. The courier not answering: ' +
          '502 COURIER_UNAVAILABLE, and nothing changed.',
        params: IdParamsSchema,
        body: CreateShipmentBodySchema,
        response: {
          200: AdminOrderSchema,
          ...errorAnswers(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request) =>
      adminOrderAnswer(
        await createShipment(app.db, app.couriers, currentUser(request).id, request.params.id, request.body),
      ),
  );

  app.get(
    '/admin/orders/:id/shipment/label',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: orders'],
        security: BEARER,
        summary: "The order's shipping label as PDF, to print again",
        params: IdParamsSchema,
        response: {
          200: z.unknown(),
          ...errorAnswers(401, 403, 404, 502),
        },
      },
    },
    async (request, reply) => {
      const { pdf, trackingNumber } = await shipmentLabel(app.db, app.couriers, request.params.id);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="label-${trackingNumber.replace(/[^\w-]/g, '')}.pdf"`)
        .send(pdf);
    },
  );
};
