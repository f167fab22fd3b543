import type { ErrorBody } from '@shop/contract';
import type { ApiAnswer, ApiBody, ApiQuery, ApiRoute, ApiRoutes } from '@shop/contract/api-routes';
import { readToken, writeToken } from './session';

/**
 * The only place in the web app that calls `fetch`: the base path, the bearer token, JSON, one
 * error type, and the end of a session the server no longer accepts (a 401 to a request that
 * carried the token). Callers get the answer or an `ApiError`; what to tell the shopper is the
 * screen's business (lib/error-text.ts).
 */

const API_BASE = '/api';

/** Codes that never come from the server: the request did not get a usable answer. */
export const CLIENT_ERROR_CODES = { network: 'NETWORK_ERROR', badResponse: 'BAD_RESPONSE' } as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** The server's machine code (`NOT_FOUND`, `MAX_QUANTITY`…) or one of CLIENT_ERROR_CODES. */
    readonly code: string,
    message: string,
    /** Per-field messages of a 400 validation error. */
    readonly fields: Record<string, string> = {},
    /** OUT_OF_STOCK at checkout: the cart lines above what is left, with what is left. */
    readonly lines: NonNullable<ErrorBody['lines']> = [],
    /** OUT_OF_STOCK on a cart change: how many are left. */
    readonly available?: number,
    /** SIZE_IN_USE on a product edit: the sizes to remove, with how many carts and wishlists hold each. */
    readonly sizes: NonNullable<ErrorBody['sizes']> = [],
    /** CODE_MIN_SUBTOTAL: how much more of goods the discount code needs. */
    readonly remaining?: number,
    /** CODE_NOT_FOUND of a discount code that has ended: when (ISO 8601). */
    readonly expiredAt?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sent without the bearer token: sign-in, sign-up and password calls, whose 401 means a wrong
   * password, never that the stored session ended.
   */
  anonymous?: boolean;
}

/**
 * The contract's error body, checked by hand: the zod schema would pull zod into the entry chunk
 * for three string checks.
 */
function isErrorBody(value: unknown): value is ErrorBody {
  const body = value as Partial<ErrorBody> | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof body.error === 'string' &&
    typeof body.code === 'string' &&
    (body.fields === undefined || (typeof body.fields === 'object' && body.fields !== null)) &&
    (body.lines === undefined || Array.isArray(body.lines)) &&
    (body.available === undefined || typeof body.available === 'number') &&
    (body.sizes === undefined || Array.isArray(body.sizes)) &&
    (body.remaining === undefined || typeof body.remaining === 'number') &&
    (body.expiredAt === undefined || typeof body.expiredAt === 'string')
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body)) {
      return new ApiError(
        response.status,
        body.code,
        body.error,
        body.fields ?? {},
        body.lines ?? [],
        body.available,
        body.sizes ?? [],
        body.remaining,
        body.expiredAt,
      );
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall through to a generic error.
  }
  return new ApiError(
    response.status,
    CLIENT_ERROR_CODES.badResponse,
    response.statusText || `HTTP ${response.status}`,
  );
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.anonymous ? null : readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.network, error instanceof Error ? error.message : 'Network error');
  }

  if (response.status === 401 && token !== null && readToken() === token) {
    // The server no longer accepts this token (expired, revoked, logged out elsewhere): every
    // screen sees the visitor logged out at once. A token stored since (a new login) is kept.
    writeToken(null);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.badResponse, 'The server sent an unreadable answer.');
  }
}

/*
 * Calls by the contract's route table (`@shop/contract/api-routes`): the route names the method
 * and path, and the table gives the path's parameters, the query, the body and the answer their
 * types.
 */

type MethodOf<R extends string> = R extends `${infer Method} ${string}` ? Method : never;
type PathOf<R extends string> = R extends `${string} ${infer Path}` ? Path : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type Named<R extends ApiRoute> = ParamNames<PathOf<R>>;
/**
 * A route's path parameters and query by name (`{ id }` for `GET /orders/:id`, `{ id, lang }`
 * for `PATCH /cart/:cartItemId` with its `?lang=`): what is not in the path goes to the query.
 */
export type PathParams<R extends ApiRoute> = Record<Named<R>, string | number> & ApiQuery<R>;
type HasQuery<R extends ApiRoute> = ApiRoutes[R] extends { query: unknown } ? true : false;
/** A multipart route takes the form as it is; the others take JSON. */
type BodyOf<R extends ApiRoute> = ApiRoutes[R] extends { form: true } ? FormData : ApiBody<R>;
type NoParams = Record<never, never>;

/** A key's parameters (`apiPath`): none, optional (a query of optional fields only) or required. */
type KeyArgs<R extends ApiRoute> = [Named<R>] extends [never]
  ? HasQuery<R> extends true
    ? NoParams extends ApiQuery<R>
      ? [params?: PathParams<R>]
      : [params: PathParams<R>]
    : []
  : [params: PathParams<R>];
/**
 * A call's: the parameters (given whenever the route has any, before a body), then the body.
 * A body-less change with a query names its missing body (`undefined`): the parameters are then
 * the first of two, as `send` reads them.
 */
type CallArgs<R extends ApiRoute> = [BodyOf<R>] extends [undefined]
  ? MethodOf<R> extends 'GET'
    ? KeyArgs<R>
    : [Named<R>] extends [never]
      ? HasQuery<R> extends true
        ? [params: PathParams<R>, body: undefined]
        : []
      : [params: PathParams<R>]
  : [
      ...([Named<R>] extends [never]
        ? HasQuery<R> extends true
          ? [params: PathParams<R>]
          : []
        : [params: PathParams<R>]),
      body: BodyOf<R>,
    ];

function splitRoute(route: ApiRoute): { method: NonNullable<RequestOptions['method']>; path: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as NonNullable<RequestOptions['method']>, path: route.slice(space + 1) };
}

/** The path with its parameters filled in (each encoded), the other parameters as its query, in their order. */
function filled(path: string, params: Record<string, unknown> = {}): string {
  const used = new Set<string>();
  const withParams = path.replace(/:(\w+)/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(String(params[name]));
  });
  const query = Object.entries(params)
    .filter(([name, value]) => !used.has(name) && value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${withParams}?${query}` : withParams;
}

/** A route's path with its parameters filled in (each encoded): a request's path, or an SWR key's. */
export function apiPath<R extends ApiRoute>(route: R, ...[params]: KeyArgs<R>): string {
  return filled(splitRoute(route).path, params);
}

/** What a call may carry beside the route's: no bearer token (sign-in and mailed links), an abort signal. */
type CallOptions = Pick<RequestOptions, 'anonymous' | 'signal'>;

function send<R extends ApiRoute>(route: R, args: unknown[], options: CallOptions): Promise<ApiAnswer<R>> {
  const { method, path } = splitRoute(route);
  // Parameters come first whenever the route has any: a path's, a read's query, or two arguments.
  const withParams = args.length === 2 || path.includes(':') || method === 'GET';
  const params = (withParams ? args[0] : undefined) as Record<string, unknown> | undefined;
  return apiRequest<ApiAnswer<R>>(filled(path, params), { ...options, method, body: withParams ? args[1] : args[0] });
}

/** Calls a route of the table: `call('POST /orders/:id/withdrawal', { id }, body)`. */
export function call<R extends ApiRoute>(route: R, ...args: CallArgs<R>): Promise<ApiAnswer<R>> {
  return send(route, args, {});
}

/** `call` with options: `callWith({ anonymous: true })('POST /auth/login', body)`. */
export const callWith =
  (options: CallOptions) =>
  <R extends ApiRoute>(route: R, ...args: CallArgs<R>): Promise<ApiAnswer<R>> =>
    send(route, args, options);

/** Sign-up, sign-in, passwords and mailed links: without the bearer token, so a 401 never ends a session. */
export const anonymousCall = callWith({ anonymous: true });

type Extra = Pick<RequestOptions, 'anonymous'>;

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, extra?: Extra) => apiRequest<T>(path, { ...extra, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T = void>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * How a change ended, as a data hook hands it to its screen: done, or refused with the error
 * (an `ApiError`, or whatever else was thrown) for the screen to word (lib/error-text.ts).
 */
export type Outcome = { ok: true } | { ok: false; error: unknown };

/**
 * A file the server sends for saving (the orders' CSV export): its bytes and the name the server
 * suggests. Sent with the bearer token, which a plain link cannot carry; errors as `apiRequest`'s.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const headers = new Headers();
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers });
  } catch (error) {
    throw new ApiError(0, CLIENT_ERROR_CODES.network, error instanceof Error ? error.message : 'Network error');
  }
  if (response.status === 401 && token !== null && readToken() === token) writeToken(null);
  if (!response.ok) throw await toApiError(response);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), filename };
}
