import { ErrorBodySchema } from '@shop/contract';

/** What a route's OpenAPI entry says of its authentication: the bearer token of a session. */
export const BEARER = [{ bearer: [] }];

/**
 * The error answers of a route, each `{ error, code }` (lib/error-handler.ts): its schema's
 * `response: { 200: …, ...errorAnswers(400, 401, 404) }`.
 */
export function errorAnswers<const C extends number>(...statuses: C[]): Record<C, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<C, typeof ErrorBodySchema>;
}
