import { BackupOverviewSchema, ErrorBodySchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../platform/security/authenticate.js';

/** The admin dashboard's backup panel: when the last backup was taken, how big, and whether to worry. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/backups',
    {
      schema: {
        tags: ['admin: operations'],
        security: [{ bearer: [] }],
        summary: 'The last backup (time, size), the last attempt (ok or failed) and whether it is stale (> 2 days)',
        response: { 200: BackupOverviewSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => app.backups.overview(),
  );
};
