import { CartItemSchema, DeleteAccountBodySchema, OrderSchema, WishlistItemSchema } from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encodeAnswer } from '../../lib/answers.js';
import { RateLimitError } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/language.js';
import { accountDeletedMail } from '../../platform/mail/templates/account.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { deleteAccount, exportAccount } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const tags = ['privacy'];
const security = BEARER;
/** Password tries for a deletion per account: a stolen session cannot guess its way to the password. */
const DELETE_TRIES: readonly [number, number] = [5, 15 * 60_000];

/** The export's parts that carry money, written as the API's answers write them (decimals, not cents). */
const ExportSchema = z.looseObject({
  orders: z.array(OrderSchema),
  cart: z.array(CartItemSchema),
  wishlist: z.array(WishlistItemSchema),
});

/** The shopper's own data (GDPR, docs/decisions/0024): take it with you, or delete the account. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/profile/export',
    {
      schema: {
        tags,
        summary: 'Everything kept about the signed-in shopper, as a JSON file to download',
        security,
        response: { 200: API_ROUTES['GET /profile/export'].response, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(app.db, currentUser(request).id, requestLanguage(request));
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="atelier-noir-my-data-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(encodeAnswer(ExportSchema, data), null, 2));
    },
  );

  app.delete(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Delete the signed-in account (the password confirms it); orders stay, unlinked',
        security,
        body: DeleteAccountBodySchema,
        response: {
          204: z.null(),
          ...errorAnswers(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const [max, windowMs] = DELETE_TRIES;
      const limit = await app.limiter.hit(`account-delete:${userId}`, max, windowMs);
      if (!limit.allowed) throw new RateLimitError(limit.retryAfter);
      const gone = await deleteAccount(app.db, userId, request.body.password);
      await app.mailer
        .send({ to: gone.email, ...accountDeletedMail(gone.locale, gone.name) })
        .catch((error: unknown) => request.log.error({ err: error }, 'account deletion mail failed'));
      return reply.code(204).send(null);
    },
  );
};
