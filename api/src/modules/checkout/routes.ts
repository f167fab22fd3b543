import {
  CheckoutBodySchema,
  CheckoutInfoSchema,
  CheckoutSessionSchema,
  ErrorBodySchema,
  LangQuerySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { createCheckout, PaymentProviderError } from './service.js';

/** Each checkout opens a provider session: a shopper gets a handful a minute, not a flood. */
const CHECKOUTS_PER_MINUTE = 10;

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Which payment provider the pay button leads to, and the shop currency',
        response: { 200: CheckoutInfoSchema },
      },
    },
    async () => ({
      provider: app.payments.name,
      cardPayments: app.payments.takesNewPayments,
      currency: app.config.currency,
    }),
  );

  app.post(
    '/checkout/session',
    {
      onRequest: requireUser,
      schema: {
        tags: ['checkout'],
        summary: 'Order the server-side cart at database prices, to the delivery given, by card or cash on delivery',
        description:
          'userId, items and prices in the body are ignored. Card: a pending order with its stock reserved and a ' +
          'hosted payment session; the cart is emptied once the payment is confirmed. Cash on delivery: the order ' +
          'is placed at once (stock taken, bought lines off the cart, confirmation mailed).',
        security: [{ bearer: [] }],
        querystring: LangQuerySchema,
        body: CheckoutBodySchema,
        response: {
          201: CheckoutSessionSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const limit = await app.limiter.hit(`checkout:${user.id}`, CHECKOUTS_PER_MINUTE, 60_000);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfter));
        throw new AppError('RATE_LIMITED', 'Too many checkout attempts. Please wait a moment and try again.');
      }
      try {
        const { delivery, paymentMethod, saveDelivery = false } = request.body;
        const session = await createCheckout(app.db, app.payments, user, {
          // The page's language when it says so, else the one the account was made in.
          lang: request.query.lang ?? user.locale,
          currency: app.config.currency,
          delivery,
          paymentMethod,
          saveDelivery,
        });
        return reply.code(201).send(session);
      } catch (error) {
        if (error instanceof PaymentProviderError)
          request.log.error({ err: error.cause }, 'payment session could not be opened');
        throw error;
      }
    },
  );
};
