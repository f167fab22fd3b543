import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { WebhookSignatureError, type PaymentEvent } from '../../platform/payments/index.js';
import { handlePaymentEvent } from './service.js';
import { errorAnswers } from '../../lib/route-schema.js';

/** Checkout session events are a few kilobytes; this leaves room without inviting abuse. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Stripe signs the exact bytes it sent, so in this plugin (only) JSON bodies stay raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: signed checkout session events',
        description: 'Verified on the raw body (300 s tolerance); each event id is applied once.',
        response: { 200: z.object({ received: z.literal(true) }), ...errorAnswers(400) },
      },
    },
    async (request) => {
      const header = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: PaymentEvent | null;
      try {
        event = app.payments.readWebhook(rawBody, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message, ip: request.ip }, 'payment webhook rejected');
        throw badRequest('The webhook signature is missing or invalid.');
      }
      if (event) {
        await handlePaymentEvent(app.db, event, { log: request.log });
      }
      return { received: true as const };
    },
  );
};
