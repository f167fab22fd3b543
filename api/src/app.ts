import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { UPLOAD_MAX_BYTES } from '@shop/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { installErrorHandler } from './lib/error-handler.js';
import { apiSecurityHeaders, installResponseHeaders } from './lib/security-headers.js';
import { adminRoutes } from './modules/admin/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { catalogFastPath } from './modules/catalog/fast-path.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { payPageRoutes } from './modules/payments/pay-routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';
import { CatalogCache } from './platform/cache/catalog-cache.js';
import { shopperCaches } from './platform/cache/shopper-caches.js';
import { collectFilesPeriodically } from './platform/files/collect.js';
import { fileRoutes } from './platform/files/routes.js';
import { httpServerFactory, type FastPath } from './platform/http-server.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createPaymentProvider, type PaymentProvider } from './platform/payments/index.js';
import { authenticate } from './platform/security/authenticate.js';
import { registerWebApp } from './platform/web/routes.js';
import { createMemoryLimiter, createRedisLimiter, type Limiter } from './platform/security/limiter.js';
import { serializeRequest } from './platform/security/redact.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    catalogCache: CatalogCache;
    limiter: Limiter;
    mailer: Mailer;
    payments: PaymentProvider;
    /** Set by main.ts on SIGTERM: answers then ask clients to close their connections. */
    draining: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database (tests pass a fresh one); otherwise one is opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built React app from web/dist when it exists (default). API tests leave it out. */
  serveWebApp?: boolean;
}

export type App = FastifyInstance;

const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace']);

const defaultLogger = (config: Config) => ({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
  serializers: { req: serializeRequest },
});

/**
 * Every schema is zod: given these factories, Fastify never loads its default JSON-schema
 * compilers (ajv and fast-json-stringify, a tenth of the start-up).
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Builds the whole app (plugins, modules, error handler). Never listens: main.ts and tests do. */
export async function buildApp({ config, database, logger, serveWebApp = true }: BuildOptions): Promise<App> {
  let fastPath: FastPath | undefined;
  const app = Fastify({
    logger: logger === undefined || typeof logger === 'object' ? { ...defaultLogger(config), ...logger } : logger,
    serverFactory: httpServerFactory(() => fastPath),
    bodyLimit: 100 * 1024,
    forceCloseConnections: 'idle',
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const ownsDatabase = !database;
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  // Loaded only when configured: a single process without Redis never reads the client's code.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const catalogCache = new CatalogCache(db.pool, app.log);
  await catalogCache.start();

  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  app.decorate('catalogCache', catalogCache);
  app.decorate('limiter', redis ? createRedisLimiter(redis) : createMemoryLimiter());
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );
  app.decorate('payments', createPaymentProvider(config));
  const stopCollectingFiles = collectFilesPeriodically(db.db, app.log);
  app.addHook('onClose', async () => {
    stopCollectingFiles();
    app.mailer.close();
    await catalogCache.stop();
    await app.limiter.close();
    redis?.disconnect();
    if (ownsDatabase) await db.close();
  });

  app.decorate('draining', false);
  installResponseHeaders(app, config.publicUrl, () => app.draining);
  // Per-request logs (info and below) are Fastify's: with them on, every request takes its path.
  if (!REQUEST_LOG_LEVELS.has(config.logLevel)) {
    fastPath = catalogFastPath(catalogCache, apiSecurityHeaders(config.publicUrl), () => app.draining);
  }
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atelier Noir shop API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(shopperCaches);
  await app.register(authenticate);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(checkoutRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(authRoutes);
      // Only these take multipart forms: the plugin's per-request hooks stay off every other route.
      await api.register(async (forms) => {
        await forms.register(multipart, {
          limits: {
            fileSize: UPLOAD_MAX_BYTES,
            files: 40,
            fields: 80,
            parts: 120,
            fieldSize: 100 * 1024,
            headerPairs: 100,
          },
        });
        await forms.register(adminRoutes);
        await forms.register(profileRoutes);
      });
      await api.register(cartRoutes);
      await api.register(wishlistRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(fileRoutes);
  await app.register(payPageRoutes);
  await registerWebApp(app, serveWebApp);
  return app;
}
