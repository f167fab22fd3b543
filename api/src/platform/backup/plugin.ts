import fp from 'fastify-plugin';
import { BackupService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
  }
}

/**
 * `app.backups`. Once the server listens (main.ts; never in tests that only inject), the embedded
 * shop opens its control socket and schedules its automatic backups; before it closes, they stop.
 */
export const backups = fp(async (app) => {
  const service = new BackupService({ config: app.config, database: app.database, log: app.log });
  app.decorate('backups', service);
  app.addHook('onListen', async () => {
    await service.start();
  });
  app.addHook('preClose', async () => {
    await service.stop();
  });
});
