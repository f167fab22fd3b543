import { z } from 'zod';
import { OrderSchema } from './orders.js';
import { CreateWithdrawalBodySchema, WithdrawalSchema } from './withdrawal.js';

/**
 * The API's routes by method and path (Fastify's syntax, under `/api`) with the schemas of their
 * body and answer, in one table: the routes declare these schemas (`api/src/modules/…/routes.ts`)
 * and the web's client takes each call's path, body and answer types from it
 * (`web/src/lib/api-client.ts`: `call`, `apiPath`), so no call picks its types by hand. A route
 * joins the table when its callers in the web move to `call` (issue 46).
 *
 * Not re-exported from the package's index: the web imports its types only
 * (`@shop/contract/api-routes`), so no schema reaches the web's bundle through it.
 */
export const API_ROUTES = {
  'GET /orders': { response: z.array(OrderSchema) },
  'GET /orders/:id': { response: OrderSchema },
  'GET /orders/by-session/:sessionId': { response: OrderSchema },
  'POST /orders/:id/cancel': { response: OrderSchema },
  'POST /orders/:id/withdrawal': { body: CreateWithdrawalBodySchema, response: WithdrawalSchema },
} as const;

export type ApiRoutes = typeof API_ROUTES;
/** A route of the table: `'GET /orders/:id'`. */
export type ApiRoute = keyof ApiRoutes;
/** What a route answers, as the web reads it. */
export type ApiAnswer<R extends ApiRoute> = z.output<ApiRoutes[R]['response']>;
/** What a route takes as its body, as the web sends it (`undefined`: none). */
export type ApiBody<R extends ApiRoute> = ApiRoutes[R] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
