import { API_ROUTES, type ApiRoute } from '@shop/contract/api-routes';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useTestApp } from './test/harness.js';

/** Every route as the app declares it (an onRoute hook, as in robustness/fuzz.test.ts). */
const declared = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: object) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => void declared.push(route));
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

const t = useTestApp();

const routes = Object.entries(API_ROUTES) as [
  ApiRoute,
  { body?: unknown; query?: unknown; form?: true; response: unknown },
][];

interface DeclaredSchema {
  body?: unknown;
  querystring?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
}

/** The very schema; a 204's `z.null()` may be written out at its route. */
const same = (declaredSchema: unknown, tabled: unknown) =>
  declaredSchema === tabled || (declaredSchema instanceof z.ZodNull && tabled instanceof z.ZodNull);

/**
 * Every success answer the very schema, or, where a route answers differently by status (an
 * invoice issued, 201, or requested, 202), the table's union of those very schemas in status order.
 */
const sameAnswers = (answers: unknown[], tabled: unknown) =>
  answers.length > 0 &&
  (answers.every((answer) => same(answer, tabled)) ||
    (tabled instanceof z.ZodUnion &&
      tabled.options.length === answers.length &&
      answers.every((answer, index) => answer === tabled.options[index])));

describe("the contract's route table", () => {
  it('names routes the API has, each by its method and path', () => {
    const missing = routes.filter(([route]) => {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      return !t.app.hasRoute({ method, url: `/api${path}` });
    });
    expect(missing).toEqual([]);
  });

  it('gives each its route’s own query, body and answer schemas (every success answer), and its forms', () => {
    const differing = routes.flatMap(([route, tabled]) => {
      const [method, path] = route.split(' ') as [string, string];
      const options = declared.find((each) => [each.method].flat().includes(method) && each.url === `/api${path}`);
      const schema = (options?.schema ?? {}) as DeclaredSchema;
      const answers = Object.entries(schema.response ?? {})
        .filter(([status]) => status.startsWith('2'))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, answer]) => answer);
      const problems = [
        sameAnswers(answers, tabled.response) ? null : 'answer',
        schema.body === tabled.body ? null : 'body',
        schema.querystring === tabled.query ? null : 'query',
        (schema.consumes?.includes('multipart/form-data') ?? false) === (tabled.form === true) ? null : 'form',
      ];
      return problems.filter((problem) => problem !== null).map((problem) => `${route}: ${problem}`);
    });
    expect(differing).toEqual([]);
  });
});
