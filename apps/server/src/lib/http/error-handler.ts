import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, httpStatusByCode, type ErrorCode } from '../errors.ts';
import { newId } from '../ids.ts';

type WireError = { code: ErrorCode; message: string; details?: Record<string, unknown> };

const DATABASE_RETRY_AFTER_SECONDS = 5;

// true because money only moves in transactions that commit whole, together with the purchase they pay for
export const DATABASE_UNAVAILABLE_MESSAGE =
  "We can't reach our records right now. Please try again in a moment. " +
  'You are only ever charged for purchases that show in your history.';

/** One place maps every failure to `{ error: { code, message, details?, requestId } }`; unknown errors are masked. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const wire = toWireError(error);
    const status = httpStatusByCode[wire.code];
    if (status === 503) {
      request.log.warn({ code: wire.code, err: rootMessage(error) }, 'request refused: unavailable');
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: wire.code, err: error.message }, 'request refused');
    const retryAfter = wire.details?.['retryAfterSeconds'];
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    return reply.status(status).send({ error: { ...wire, requestId: request.id } });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send({ error: { code: 'NOT_FOUND', message: 'Not found.', requestId: request.id } });
}

/** Fastify's router refusals (a path that does not decode, a path segment over the length limit). */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, wire]: [number, WireError] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, { code: 'VALIDATION_FAILED', message: 'This address is not valid.' }]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, { code: 'VALIDATION_FAILED', message: 'This address is too long.' }]
        : [500, { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' }];
  request.log.info({ code: error.code }, 'request refused');
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .send({ error: { ...wire, requestId: request.id } });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The address or headers of this request are too long.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address or headers over the size limit, a
 * malformed request line) still get the error envelope. No request id was made for them, so one is made here.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not valid.',
  ];
  const requestId = newId('req');
  const body = JSON.stringify({ error: { code: 'VALIDATION_FAILED', message, requestId } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function toWireError(error: FastifyError): WireError {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, ...(error.details && { details: error.details }) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[field] ??= issue.message ?? 'This value is not valid.';
    }
    const first = Object.values(fields)[0] ?? 'The request is not valid.';
    return { code: 'VALIDATION_FAILED', message: first, details: { fields } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' };
  }
  if (error.statusCode === 429) {
    return { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    };
  }
  if (isUnstorableText(error)) {
    return { code: 'VALIDATION_FAILED', message: 'The request contains characters we cannot accept.' };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: 'VALIDATION_FAILED', message: 'The request is not valid.' };
  }
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}

/** The error and its causes, outermost first (drizzle and the session library wrap the driver's error). */
function* causesOf(error: unknown): Generator<Error & { code?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    yield current;
    current = current.cause;
  }
}

const rootMessage = (error: unknown): string => [...causesOf(error)].at(-1)?.message ?? String(error);

// sockets that never opened or dropped, and PostgreSQL shutting down or refusing more connections
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
// pg and pg-pool give these no code; PGlite neither
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'PGlite is closing',
];

/** The database could not be reached or dropped the connection: nothing about the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causesOf(error)) {
    const { code } = cause;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || CONNECTION_EXCEPTION.test(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((message) => cause.message.startsWith(message))) return true;
  }
  return false;
}

// PostgreSQL stores no U+0000 in text (22021) or jsonb (22P05)
function isUnstorableText(error: unknown): boolean {
  return [...causesOf(error)].some((cause) => cause.code === '22021' || cause.code === '22P05');
}
