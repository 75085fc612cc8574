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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
