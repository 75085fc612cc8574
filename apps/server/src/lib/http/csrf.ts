import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie-authenticated JSON routes refuse cross-site requests: browsers send Sec-Fetch-Site and Origin,
 * and a cross-site form cannot send `application/json` without a preflight we never allow.
 * Requests carrying a bearer key (partners) have no ambient credentials and are exempt from the origin checks.
 * A request without a body (sign-out) needs no content type; the origin checks still apply to it.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { appUrl: string; prefix: string },
): void {
  const trusted = new URL(options.appUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      STATE_CHANGING.has(request.method) && request.url.startsWith(options.prefix)
        ? refusal(request, trusted)
        : undefined,
    );
  });
}

function refusal(request: FastifyRequest, trusted: string): AppError | undefined {
  if (!request.headers.authorization?.startsWith('Bearer ')) {
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    const foreignOrigin =
      origin !== undefined && origin !== trusted && origin !== `${request.protocol}://${request.host}`;
    if (crossSite || foreignOrigin) {
      return new AppError('CSRF_REJECTED', 'This request came from another site and was refused.');
    }
  }
  if (hasBody(request) && !request.headers['content-type']?.toLowerCase().startsWith('application/json')) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON.');
  }
  return undefined;
}

function hasBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
}
