import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
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
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { installErrorHandler } from './lib/error-handler.js';
import { adminRoutes } from './modules/admin/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { payPageRoutes } from './modules/payments/pay-routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';
import { webDistDir } from './paths.js';
import { CatalogCache } from './platform/cache/catalog-cache.js';
import { fileRoutes } from './platform/files/routes.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createPaymentProvider, type PaymentProvider } from './platform/payments/index.js';
import { authenticate } from './platform/security/authenticate.js';
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

const defaultLogger = (config: Config) => ({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
  serializers: { req: serializeRequest },
});

/** Builds the whole app (plugins, modules, error handler). Never listens: main.ts and tests do. */
export async function buildApp({ config, database, logger, serveWebApp = true }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger === undefined || typeof logger === 'object' ? { ...defaultLogger(config), ...logger } : logger,
    bodyLimit: 100 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    forceCloseConnections: 'idle',
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const ownsDatabase = !database;
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
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
  app.addHook('onClose', async () => {
    app.mailer.close();
    await catalogCache.stop();
    await app.limiter.close();
    redis?.disconnect();
    if (ownsDatabase) await db.close();
  });

  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets a few style attributes (e.g. the dragged banner's position).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 40, fields: 80, parts: 120, fieldSize: 100 * 1024, headerPairs: 100 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atelier Noir shop API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authenticate);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(checkoutRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(adminRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
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

/** The built React app: hashed assets cached forever (pre-compressed), every other path gets index.html. */
async function registerWebApp(app: App, enabled: boolean): Promise<void> {
  const hasWebApp = enabled && existsSync(join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
    // The static plugin answers a bare directory (`/`) with 403; the home page is the app's index.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 300, timeWindow: 60_000 }) }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|files|pay)(\/|$)/.test(path);
    if (hasWebApp && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
  });
}
