import { z } from 'zod';
import {
  AuthResponseSchema,
  LoginBodySchema,
  ResendOtpBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  UpdatePasswordBodySchema,
  VerifyOtpBodySchema,
} from './auth.js';
import { MessageSchema } from './errors.js';
import { OrderSchema } from './orders.js';
import { CreateWithdrawalBodySchema, WithdrawalSchema } from './withdrawal.js';

/**
 * The API's routes by method and path (Fastify's syntax, under `/api`) with the schemas of their
 * query, body and answer, in one table: the routes declare these very schemas
 * (`api/src/modules/…/routes.ts`; `api/src/api-routes.test.ts` checks it) and the web's client
 * takes each call's path, query, body and answer types from it (`web/src/lib/api-client.ts`:
 * `call`, `apiPath`), so no call picks its types by hand. `form: true` marks a multipart route:
 * the web sends a form, the route reads its parts itself. A route joins the table when its
 * callers in the web move to `call` (issue 46).
 *
 * Not re-exported from the package's index: the web imports its types only
 * (`@shop/contract/api-routes`), so no schema reaches the web's bundle through it.
 */
export const API_ROUTES = {
  // Accounts (sign-up, sign-in, passwords)
  'POST /auth/signup': { body: SignupBodySchema, response: MessageSchema },
  'POST /auth/verify-otp': { body: VerifyOtpBodySchema, response: AuthResponseSchema },
  'POST /auth/resend-otp': { body: ResendOtpBodySchema, response: MessageSchema },
  'POST /auth/login': { body: LoginBodySchema, response: AuthResponseSchema },
  'POST /auth/logout': { response: z.null() },
  'POST /auth/reset-password': { body: ResetPasswordBodySchema, response: MessageSchema },
  'POST /auth/update-password': { body: UpdatePasswordBodySchema, response: MessageSchema },

  // The shopper's orders
  'GET /orders': { response: z.array(OrderSchema) },
  'GET /orders/:id': { response: OrderSchema },
  'GET /orders/by-session/:sessionId': { response: OrderSchema },
  'POST /orders/:id/cancel': { response: OrderSchema },
  'POST /orders/:id/withdrawal': { body: CreateWithdrawalBodySchema, response: WithdrawalSchema },
} as const;

export type ApiRoutes = typeof API_ROUTES;
/** A route of the table: `'GET /orders/:id'`. */
export type ApiRoute = keyof ApiRoutes;
/** What a route answers, as the web reads it (`void`: no content, a 204). */
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]['response'] extends z.ZodNull
  ? void
  : z.output<ApiRoutes[R]['response']>;
/** What a route takes as its JSON body, as the web sends it (`undefined`: none, or a form). */
export type ApiBody<R extends ApiRoute> = ApiRoutes[R] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
/** What a route's query string takes, as the web sends it (no fields: none). */
export type ApiQuery<R extends ApiRoute> = ApiRoutes[R] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : Record<never, never>;
