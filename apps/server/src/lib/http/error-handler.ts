import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, httpStatusByCode, type ErrorCode } from '../errors.ts';

type WireError = { code: ErrorCode; message: string; details?: Record<string, unknown> };

/** One place maps every failure to `{ error: { code, message, details?, requestId } }`; unknown errors are masked. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const wire = toWireError(error);
    const status = httpStatusByCode[wire.code];
    if (status >= 500) request.log.error({ err: error }, 'request failed');
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
  // pg-pool gives this no code: every connection stayed busy for the whole wait
  if (error.message === 'timeout exceeded when trying to connect') {
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'We are very busy right now. Please try again in a moment.',
    };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: 'VALIDATION_FAILED', message: 'The request is not valid.' };
  }
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}
