import type { z } from 'zod';
import type { contract } from '@quickvend/shared/contract/index';
import type { HttpMethod } from '@quickvend/shared/contract/define';
import type { ErrorCode } from '@quickvend/shared/errors';
import { takeEarlyResponse } from './early-requests.ts';

export type ApiErrorCode = ErrorCode | 'NETWORK';

export const NETWORK_ERROR_MESSAGE = 'We could not reach QuickVend. Check your connection and try again.';
const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';
const UNAVAILABLE_MESSAGE = 'QuickVend is not reachable right now. Please try again in a moment.';
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;
  /** how long the server asked us to wait before trying again (Retry-After), when it said */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    code: ApiErrorCode;
    message: string;
    status: number;
    details?: Record<string, unknown> | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** `details.fields` of a VALIDATION_FAILED error: field name to message. */
  get fieldErrors(): Record<string, string> {
    const fields = this.details?.['fields'];
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Method = HttpMethod;

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal | undefined;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; the body's `retryAfterSeconds` otherwise. */
function readRetryAfter(
  header: string | null,
  details: Record<string, unknown> | undefined,
): number | undefined {
  if (header !== null && header.trim() !== '') {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  }
  const hinted = details?.['retryAfterSeconds'];
  return typeof hinted === 'number' && hinted >= 0 ? hinted : undefined;
}

/** The error a refused request says, or a plain one when a proxy answered instead of the server. */
export function toApiError(response: Response, body: unknown): ApiError {
  const { status } = response;
  const error = isRecord(body) ? body['error'] : undefined;
  if (isRecord(error) && typeof error['code'] === 'string' && typeof error['message'] === 'string') {
    const details = isRecord(error['details']) ? error['details'] : undefined;
    return new ApiError({
      code: error['code'] as ErrorCode,
      message: error['message'],
      status,
      details,
      requestId: typeof error['requestId'] === 'string' ? error['requestId'] : undefined,
      retryAfterSeconds: readRetryAfter(response.headers.get('retry-after'), details),
    });
  }
  // no error body: a proxy or gateway answered instead of the QuickVend server
  if (GATEWAY_STATUSES.has(status)) {
    return new ApiError({
      code: 'SERVICE_UNAVAILABLE',
      message: UNAVAILABLE_MESSAGE,
      status,
      retryAfterSeconds: readRetryAfter(response.headers.get('retry-after'), undefined),
    });
  }
  return new ApiError({
    code: status >= 500 ? 'INTERNAL' : 'NOT_FOUND',
    message: UNKNOWN_ERROR_MESSAGE,
    status,
  });
}

/**
 * JSON request to the QuickVend server. Resolves with the parsed body (undefined for 204);
 * throws ApiError for an error reply and ApiError('NETWORK') when the server cannot be reached.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (method !== 'GET') {
    // the server refuses state-changing requests that are not declared JSON
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    // the first script may already have asked (src/boot.ts)
    response = await ((method === 'GET' ? takeEarlyResponse(path) : undefined) ?? fetch(path, init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ code: 'NETWORK', message: NETWORK_ERROR_MESSAGE, status: 0 });
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response, body);
  return body as T;
}

type Areas = typeof contract;
type AnyRoute = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];

/**
 * Every route of the shared map by `METHOD path` (`'POST /api/v1/purchases'`). Only the type of the map is
 * imported: a page's script carries the method and path it calls, never the map's schemas.
 */
export type Routes = { [R in AnyRoute as `${R['method']} ${R['path']}`]: R };

export type Endpoint = keyof Routes;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type InputOf<R, K extends 'params' | 'query' | 'body'> = R extends { readonly [key in K]: z.ZodType }
  ? z.input<R[K]>
  : undefined;

/** A part is required when its schema needs something, optional when all of it may be left out. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [key in K]?: never }
  : object extends T
    ? { [key in K]?: T }
    : { [key in K]: T };

type PathParams<R extends AnyRoute> = [ParamNames<R['path']>] extends [never]
  ? { params?: never }
  : {
      params: [InputOf<R, 'params'>] extends [undefined]
        ? Record<ParamNames<R['path']>, string>
        : InputOf<R, 'params'>;
    };

/** A query is sent as text, so what its schema reads (`stuck: true`) may be given as well as what it reads from. */
type QueryOf<R> = R extends { readonly query: z.ZodType }
  ? z.input<R['query']> | Partial<z.output<R['query']>>
  : undefined;

export type CallInput<E extends Endpoint> = PathParams<Routes[E]> &
  Part<'query', QueryOf<Routes[E]>> &
  Part<'body', InputOf<Routes[E], 'body'>> & { signal?: AbortSignal | undefined };

type Responses<E extends Endpoint> = Routes[E]['responses'];

/** The body of the route's success answer, as the server's schema gives it (undefined when it has none). */
export type CallResult<E extends Endpoint> = {
  [S in keyof Responses<E>]: Responses<E>[S] extends z.ZodType ? z.output<Responses<E>[S]> : undefined;
}[keyof Responses<E>];

type CallArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly HttpMethod[];

/** The URL of a route: its `:params` filled in (encoded) and its query, leaving out what is undefined or null. */
function urlOf(
  path: string,
  params: Readonly<Record<string, unknown>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

function partsOf(endpoint: Endpoint): { method: Method; path: string } {
  const method = METHODS.find((candidate) => endpoint.startsWith(`${candidate} `)) ?? 'GET';
  return { method, path: endpoint.slice(method.length + 1) };
}

/** The URL of a route of the map, for what is not a JSON call (an event stream, a CSV download, a link). */
export function pathOf<E extends Endpoint>(
  endpoint: E,
  input: Pick<CallInput<E>, 'params' | 'query'>,
): string {
  return urlOf(partsOf(endpoint).path, input.params, input.query);
}

/**
 * Calls a route of the shared map: `call('GET /api/v1/purchases/:requestId', { params: { requestId } })`.
 * Its params, query and body are typed by the route's schemas and its answer by its success schema.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<CallResult<E>> {
  const { method, path } = partsOf(endpoint);
  const given: Partial<Record<'params' | 'query', Readonly<Record<string, unknown>>>> & {
    body?: unknown;
    signal?: AbortSignal | undefined;
  } = input ?? {};
  return request<CallResult<E>>(method, urlOf(path, given.params, given.query), {
    body: given.body,
    signal: given.signal,
  });
}
