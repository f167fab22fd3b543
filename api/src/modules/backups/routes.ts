import { BackupOverviewSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../platform/security/authenticate.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

/** The admin dashboard's backup panel: when the last backup was taken, how big, and whether to worry. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/backups',
    {
      schema: {
        tags: ['admin: operations'],
        security: BEARER,
        summary: 'The last backup (time, size), the last attempt (ok or failed) and whether it is stale (> 2 days)',
        response: { 200: BackupOverviewSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => app.backups.overview(),
  );
};
