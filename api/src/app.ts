import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { UPLOAD_MAX_BYTES } from '@shop/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { terminalLogStream } from './platform/logging/terminal.js';
import { answerSerializer, documentAnswers } from './lib/answers.js';
import { installErrorHandler } from './lib/error-handler.js';
import { apiSecurityHeaders, installResponseHeaders } from './lib/security-headers.js';
import { adminProductRoutes } from './modules/product-editing/routes.js';
import { adminUserRoutes } from './modules/users/routes.js';
import { adminSaleRoutes } from './modules/sales/routes.js';
import { adminSizeFitRoutes } from './modules/size-fit/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { catalogFastPath } from './modules/catalog/fast-path.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { adminReviewRoutes, reviewRoutes } from './modules/reviews/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { createCouriers, startCourierJobs } from './modules/couriers/jobs.js';
import { courierRoutes } from './modules/couriers/routes.js';
import type { Couriers } from './modules/couriers/shipments.js';
import { backupRoutes } from './modules/backups/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { metrics } from './modules/metrics/plugin.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { fulfilmentRoutes } from './modules/fulfilment/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { seoRoutes } from './modules/seo/routes.js';
import { feedRoutes } from './modules/catalogue-io/feed-routes.js';
import { catalogueIoRoutes } from './modules/catalogue-io/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { payPageRoutes } from './modules/payments/pay-routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { adminCampaignRoutes } from './modules/campaigns/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { sellerEmail } from './modules/settings/service.js';
import { stockRoutes } from './modules/stock/routes.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { returnRoutes } from './modules/returns/routes.js';
import { complaintRoutes } from './modules/complaints/routes.js';
import { planMissingDueReminders } from './modules/complaints/due-reminder.js';
import { recallRoutes } from './modules/recalls/routes.js';
import { backups } from './platform/backup/plugin.js';
import { Caches, fenceWrites } from './platform/cache/caches.js';
import { adminDiscountRoutes } from './modules/discounts/routes.js';
import { adminGiftCardRoutes, giftCardRoutes } from './modules/gift-cards/routes.js';
import { ChangeFeed } from './platform/changes/feed.js';
import { Outbox } from './platform/outbox/outbox.js';
import { effectHandlers } from './effect-handlers.js';
import { failureEffectsOf, recurringEffects } from './effect-subscriptions.js';
import { planRecurring } from './platform/outbox/timed.js';
import { planSaleBoundaries } from './modules/sales/service.js';
import { failingEffectRoutes } from './modules/failing-effects/routes.js';
import { fileRoutes } from './platform/files/routes.js';
import { httpServerFactory, type FastPath } from './platform/http-server.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createPaymentProvider, type PaymentProvider } from './platform/payments/index.js';
import { authenticate } from './platform/security/authenticate.js';
import { clientKey } from './platform/security/client-key.js';
import { acceptTermsRoute } from './platform/web/accept-terms.js';
import { registerWebApp } from './platform/web/routes.js';
import { createMemoryLimiter, createRedisLimiter, type Limiter } from './platform/security/limiter.js';
import { serializeError, serializeRequest } from './platform/security/redact.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    limiter: Limiter;
    mailer: Mailer;
    payments: PaymentProvider;
    /** Runs what must follow a committed change (mails, provider refunds…): platform/outbox. */
    outbox: Outbox;
    /** Set by main.ts on SIGTERM: answers then ask clients to close their connections. */
    draining: boolean;
    /** The courier in use (built-in, or Econt when configured): modules/couriers. */
    couriers: Couriers;
    /**
     * Starts the couriers' jobs if they have not started yet (they start once the server listens:
     * the start-up does not wait for them) and settles once the offices were first synced (or that
     * failed and was logged). Whatever reads the offices waits for it.
     */
    couriersReady(): Promise<void>;
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

/**
 * Fastify's `trustProxy` for the configured proxies. A hop count trusts that many hops nearest
 * the shop (the socket's peer first): behind one proxy, the client is the address that proxy
 * appended, whatever a client wrote to the left of it. (Fastify itself ignores a number.)
 */
const proxyTrust = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** A log line per request only at these levels: at the default (info) a person reads the shop's events. */
const REQUEST_LOG_LEVELS = new Set(['debug', 'trace']);

const defaultLogger = (config: Config) => ({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
  serializers: { req: serializeRequest, err: serializeError },
  // Readable lines in a terminal (not in production); JSON lines anywhere else.
  stream: terminalLogStream(config),
});

/**
 * Every schema is zod: given these factories, Fastify never loads its default JSON-schema
 * compilers (ajv and fast-json-stringify, a tenth of the start-up).
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => answerSerializer,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Builds the whole app (plugins, modules, error handler). Never listens: main.ts and tests do. */
export async function buildApp({ config, database, logger, serveWebApp = true }: BuildOptions): Promise<App> {
  // Set once the app exists (it needs the caches and the logger); the server asks for it per request.
  const fast: { path?: FastPath } = {};
  const requestLogs = REQUEST_LOG_LEVELS.has(config.logLevel);
  const app = Fastify({
    logController: new LogController({ disableRequestLogging: !requestLogs }),
    logger: logger === undefined || typeof logger === 'object' ? { ...defaultLogger(config), ...logger } : logger,
    serverFactory: httpServerFactory(() => fast.path),
    bodyLimit: 100 * 1024,
    forceCloseConnections: 'idle',
    trustProxy: proxyTrust(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  installErrorHandler(app);

  const ownsDatabase = !database;
  const db =
    database ??
    (await openDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
      guardTransactions: config.env !== 'production',
    }));
  // Loaded only when configured: a single process without Redis never reads the client's code.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const feed = new ChangeFeed(db, app.log);
  const caches = new Caches(feed);
  await feed.start();

  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  app.decorate('caches', caches);
  app.decorate('limiter', redis ? createRedisLimiter(redis) : createMemoryLimiter());
  app.decorate(
    'mailer',
    // A reply to any mail reaches the seller (a person), unless the mail names another (the owner's notices).
    createMailer({
      kind: config.mail,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      logDevNotes: config.env !== 'production',
      replyTo: () => sellerEmail(db.db),
    }),
  );
  app.decorate('payments', createPaymentProvider(config));
  const couriers = createCouriers(db.db, config);
  app.decorate('couriers', couriers);
  // The effects run on their own connections (client.ts: `background`).
  const outbox = new Outbox(
    db.background,
    app.log,
    effectHandlers({ db: db.background, mailer: app.mailer, payments: app.payments, config, log: app.log, couriers }),
    { onFailure: failureEffectsOf },
  );
  app.decorate('outbox', outbox);
  // Timed work is effects due at a time (decision 0052): the next of each recurring one, every
  // sale's start and end to come, and the due-date reminder of an open complaint filed before
  // reminders existed (decision 0089), written by every process (one row each), run by one.
  await Promise.all([
    planRecurring(db.db, recurringEffects({ tracking: couriers.gateway.name !== 'builtin' })),
    planSaleBoundaries(db.db),
    planMissingDueReminders(db.db),
  ]);
  await outbox.start(feed, { sole: db.kind === 'pglite' });
  // The couriers' jobs (the offices' sync, then daily; tracking) start behind the listen, or when
  // something reads the offices first (the picker's routes; an app that never listens, a test's):
  // the built-in courier's offices, the shop's own, are there for the picker's first answer, and
  // the start-up no longer waits for them (decision 0053).
  let courierJobs: ReturnType<typeof startCourierJobs> | undefined;
  let closing = false;
  const couriersReady = () => {
    if (closing) return courierJobs?.ready ?? Promise.resolve();
    courierJobs ??= startCourierJobs(db.db, couriers, app.log);
    return courierJobs.ready;
  };
  app.decorate('couriersReady', couriersReady);
  app.addHook('onListen', async () => {
    void couriersReady();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await courierJobs?.ready;
    await outbox.stop();
    app.mailer.close();
    await feed.stop();
    await app.limiter.close();
    redis?.disconnect();
    if (ownsDatabase) await db.close();
  });

  // Operations (issue 20): backups, then metrics (its one onResponse hook counts every answer).
  await app.register(backups);
  await app.register(metrics);

  app.decorate('draining', false);
  installResponseHeaders(app, config.publicUrl, () => app.draining);
  fast.path = catalogFastPath(caches.catalogue, {
    securityHeaders: apiSecurityHeaders(config.publicUrl),
    draining: () => app.draining,
    log: requestLogs ? app.log : undefined,
    answered: (route, status, seconds) => app.metrics.fastPathAnswer(route, status, seconds),
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    ...(redis ? { redis } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atelier Noir shop API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: documentAnswers,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authenticate);
  await app.register(fenceWrites);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(backupRoutes);
      await api.register(failingEffectRoutes);
      await api.register(catalogRoutes);
      await api.register(reviewRoutes);
      await api.register(adminReviewRoutes);
      await api.register(checkoutRoutes);
      await api.register(courierRoutes);
      await api.register(adminDiscountRoutes);
      await api.register(adminGiftCardRoutes);
      await api.register(giftCardRoutes);
      await api.register(orderRoutes);
      await api.register(documentRoutes);
      await api.register(withdrawalRoutes);
      await api.register(returnRoutes);
      await api.register(recallRoutes);
      await api.register(privacyRoutes);
      await api.register(newsletterRoutes);
      await api.register(adminCampaignRoutes);
      await api.register(fulfilmentRoutes);
      await api.register(adminUserRoutes);
      await api.register(adminSaleRoutes);
      await api.register(adminSizeFitRoutes);
      await api.register(settingsRoutes);
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
        await forms.register(adminProductRoutes);
        await forms.register(profileRoutes);
        await forms.register(catalogueIoRoutes);
        await forms.register(complaintRoutes);
      });
      await api.register(cartRoutes);
      await api.register(stockRoutes);
      await api.register(wishlistRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(fileRoutes);
  await app.register(seoRoutes);
  await app.register(feedRoutes);
  await app.register(payPageRoutes);
  await app.register(acceptTermsRoute);
  await registerWebApp(app, serveWebApp);
  return app;
}
