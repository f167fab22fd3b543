import {
  ConfirmNewsletterBodySchema,
  NewsletterAnswerSchema,
  SubscribeAnswerSchema,
  SubscribeBodySchema,
  UnsubscribeQuerySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webLinks } from '../../lib/links.js';
import { confirmSubscription, requestSubscription, unsubscribe } from './service.js';
import { errorAnswers } from '../../lib/route-schema.js';

const tags = ['newsletter'];
const linkErrors = errorAnswers(400, 410);

/** The brand's list (YEAR.md section 4, decision 0057): subscribing with double opt-in, and leaving in one click. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: a mailbox provider posts `List-Unsubscribe=One-Click` as a form (or multipart);
  // the token is in the address, so the body is read and ignored (in this plugin only).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  app.post(
    '/newsletter',
    {
      schema: {
        tags,
        summary:
          'Ask to receive the newsletter: a link to confirm is mailed (double opt-in); the same answer whatever the address',
        body: SubscribeBodySchema,
        response: { 202: SubscribeAnswerSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const deps = {
        db: app.db,
        limiter: app.limiter,
        mailer: app.mailer,
        log: request.log,
        links: webLinks(app.config.publicUrl),
      };
      await requestSubscription(deps, request.body, request.ip);
      return reply.code(202).send({ sent: true });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a subscription with the mailed link’s token (valid 7 days)',
        body: ConfirmNewsletterBodySchema,
        response: { 200: NewsletterAnswerSchema, ...linkErrors },
      },
    },
    async (request) => confirmSubscription(app.db, request.body.token),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'Leave the list at once with a marketing mail’s token (one click, RFC 8058: List-Unsubscribe-Post); again answers the same',
        querystring: UnsubscribeQuerySchema,
        response: { 200: NewsletterAnswerSchema, ...linkErrors },
      },
    },
    async (request) => unsubscribe(app.db, request.query.token),
  );
};
