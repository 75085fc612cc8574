import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie-authenticated JSON routes refuse cross-site requests: browsers send Sec-Fetch-Site and Origin,
 * and a cross-site form cannot send `application/json` without a preflight we never allow.
 * Requests carrying a bearer key (partners) have no ambient credentials and are exempt from the origin checks.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { appUrl: string; prefix: string }): void {
  const trusted = new URL(options.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith(options.prefix)) return;
    if (!request.headers['authorization']?.startsWith('Bearer ')) {
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new AppError('CSRF_REJECTED', 'This request came from another site and was refused.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== trusted && origin !== `${request.protocol}://${request.host}`) {
        throw new AppError('CSRF_REJECTED', 'This request came from another site and was refused.');
      }
    }
    const type = request.headers['content-type'];
    if (!type?.toLowerCase().startsWith('application/json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON.');
    }
  });
}
