import {
  AddColorBodySchema,
  CONTROL_CHARACTERS_MESSAGE,
  EditProductFieldsSchema,
  UploadImagesFieldsSchema,
} from '@shop/contract';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser } from '../test/factories.js';
import { TEST_DELIVERY } from '../modules/payments/test-support.js';

/**
 * Control characters in text (a NUL that PostgreSQL refuses, an escape that rewrites a terminal,
 * a form feed in a name): every text field of every request schema refuses them with a 400
 * naming the field, and the multi-line ones take only a line break and a tab besides (the
 * contract's `text` and `multilineText`, contract/src/text.ts). The schemas are walked, not
 * listed: a field added later is checked too.
 */
const seen = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: object) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => void seen.push(route));
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

/** The multipart forms' fields, read by their handlers rather than by the route's schema. */
const FORM_SCHEMAS: Record<string, ZodType> = {
  'PUT /api/products/:id (form)': EditProductFieldsSchema,
  'POST /api/products/upload-images (form)': UploadImagesFieldsSchema,
  'POST /api/admin/products/:id/colors (form)': AddColorBodySchema,
};

/** Text that is never kept nor shown, where anything unknown stands for the default: `?lang=xx` is English. */
const IGNORED = new Set(['lang']);

/** A password checked against the one kept: one set before control characters were refused still works. */
const EXEMPT = new Set(['POST /api/auth/login body: password', 'DELETE /api/profile body: password']);

/** Where the walk found text: the path of a string (or a union that takes one) in the request. */
type Path = (string | number)[];

interface ZodDef {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  options?: ZodType[];
  element?: ZodType;
  valueType?: ZodType;
  left?: ZodType;
  right?: ZodType;
  getter?: () => ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Every path of `schema` that takes a string. */
function textPaths(schema: ZodType, path: Path = [], depth = 0): Path[] {
  if (depth > 12) return [];
  const def = defOf(schema);
  const next = (inner: ZodType | undefined, at = path) => (inner ? textPaths(inner, at, depth + 1) : []);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) =>
        IGNORED.has(key) ? [] : next(value, [...path, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return next(def.getter?.());
    case 'array':
      return next(def.element, [...path, 0]);
    case 'record':
      return next(def.valueType, [...path, 'key']);
    case 'intersection':
      return [...next(def.left), ...next(def.right)];
    case 'union': {
      // A union that takes a string at this path is one field (a price as a number or its text).
      const found = (def.options ?? []).flatMap((option) => next(option));
      const own = found.filter((at) => at.length === path.length);
      return [...(own.length > 0 ? [path] : []), ...found.filter((at) => at.length > path.length)];
    }
    default:
      return [];
  }
}

/** An input holding `value` at `path` and nothing else. */
function holding(path: Path, value: string): unknown {
  let input: unknown = value;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const key = path[index]!;
    input = typeof key === 'number' ? [input] : { [key]: input };
  }
  return input;
}

const samePath = (a: readonly PropertyKey[], b: Path) => a.length === b.length && a.every((key, i) => key === b[i]);

/** The request schemas of every route, and the forms' fields. */
function requestSchemas(): [string, ZodType][] {
  const routes = seen
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .flatMap((route) => {
      const schema = (route.schema ?? {}) as Record<string, ZodType | undefined>;
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return (['body', 'querystring', 'params'] as const).flatMap((part) =>
        schema[part] ? [[`${method} ${route.url} ${part}`, schema[part]] as [string, ZodType]] : [],
      );
    });
  return [...new Map([...routes, ...Object.entries(FORM_SCHEMAS)]).entries()];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('control characters in request text', () => {
  it('are refused at every text field of every request schema, named by the field', () => {
    const schemas = requestSchemas();
    expect(schemas.length).toBeGreaterThan(40);
    const fields = schemas
      .flatMap(([name, schema]) => textPaths(schema).map((path) => ({ name, schema, path })))
      .filter(({ name, path }) => !EXEMPT.has(`${name}: ${path.join('.')}`));
    expect(fields.length).toBeGreaterThan(100);
    const accepted = fields.filter(({ schema, path }) =>
      ['\u0000', '\u001b[2J', '\u007f', '\u0085', '\f'].some((control) => {
        const result = schema.safeParse(holding(path, `Sofia${control}x`));
        return result.success || !result.error.issues.some((issue) => samePath(issue.path, path));
      }),
    );
    expect(accepted.map(({ name, path }) => `${name}: ${path.join('.')}`)).toEqual([]);
  });

  it('leave line breaks and tabs to the multi-line texts (descriptions, notes, messages, reviews)', () => {
    const multiline = requestSchemas().flatMap(([name, schema]) =>
      textPaths(schema).flatMap((path) => {
        const result = schema.safeParse(holding(path, 'First line\r\nsecond\tline'));
        const refused = !result.success && result.error.issues.some((issue) => samePath(issue.path, path));
        return refused ? [] : [`${name}: ${path.join('.')}`];
      }),
    );
    expect(multiline).toEqual(
      expect.arrayContaining([
        'POST /api/checkout/session body: delivery.note',
        'POST /api/products/:id/reviews body: body',
        'POST /api/products body: enDescription',
        'POST /api/withdrawals body: reason',
      ]),
    );
    // A name, a city or a code is one line.
    expect(multiline.filter((field) => /\.(city|name|phone)$|: (code|email)$/.test(field))).toEqual([]);
  });

  it('answer 400 naming the field where PostgreSQL would refuse them; an error log never holds a body', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: 'info' },
      { stream: { write: (line: string) => lines.push(line) } },
    );
    try {
      const user = await createUser(logged.db);
      const invoice = await logged.app.inject({
        method: 'PUT',
        url: '/api/profile/save',
        headers: bearer(user),
        payload: {
          invoiceDetails: {
            companyName: 'Клиент ЕООД',
            companyId: '020469788',
            address: 'бул. Витоша 10',
            city: 'Sofia\u0000x',
            country: 'BG',
          },
        },
      });
      expect(invoice.statusCode, invoice.body).toBe(400);
      expect(invoice.json().fields).toEqual({ 'invoiceDetails.city': CONTROL_CHARACTERS_MESSAGE });
      const note = await logged.app.inject({
        method: 'POST',
        url: '/api/checkout/session',
        headers: bearer(user),
        payload: { delivery: { ...TEST_DELIVERY, note: 'Ring twice\u0000' } },
      });
      expect(note.statusCode, note.body).toBe(400);
      expect(note.json().fields).toEqual({ 'delivery.note': CONTROL_CHARACTERS_MESSAGE });
      // A database error names its statement, never the values bound to it (a request's text).
      const failed = new DrizzleQueryError('update users set invoice_details = $1 where id = $2', [
        '{"city":"Sofia","address":"бул. Витоша 10"}',
        7,
      ]);
      logged.app.log.error({ err: failed }, 'unhandled error');
      const log = lines.join('\n');
      expect(log).toContain('Failed query: update users set invoice_details = $1 where id = $2');
      expect(log).not.toMatch(/Vitosha|Витоша|Ring twice/);
    } finally {
      await logged.close();
    }
  });
});
