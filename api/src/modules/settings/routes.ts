import { SettingsSchema, UpdateSettingsBodySchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../platform/cache/encoded.js';
import { toCachedBody } from '../../lib/etag.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { CATALOG_HEADERS } from '../catalog/cached-reads.js';
import { getAdminSettings, getSettings, updateSettings } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

/** The shop's settings: everyone reads them (cached like the catalogue), admins change them. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = {
    currency: app.config.currency,
    cardPayments: app.payments.takesNewPayments,
    courier: app.config.econt ? ('econt' as const) : ('builtin' as const),
  };
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Seller details, delivery prices, cash on delivery, limits, return days, card payments and the currency',
        response: { 200: SettingsSchema },
      },
    },
    async (request, reply) => {
      const cached = await app.caches.settings.get('settings', async () =>
        toCachedBody(SettingsSchema, await getSettings(app.db, shop)),
      );
      return sendCached(request, reply, cached!, CATALOG_HEADERS);
    },
  );

  app.get(
    '/admin/settings',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: settings'],
        security: BEARER,
        summary: 'The settings with what only the admin reads (the notifications address, the sale records)',
        response: { 200: SettingsSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => getAdminSettings(app.db, shop),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: settings'],
        security: BEARER,
        summary: 'Change some or all settings (audited); answers the new settings',
        body: UpdateSettingsBodySchema,
        response: {
          200: SettingsSchema,
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => updateSettings(app.db, currentUser(request).id, request.body, shop),
  );
};
