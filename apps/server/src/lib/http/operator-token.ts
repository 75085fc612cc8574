import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The guard of `operator` routes: the bearer token must be `token`. Without a token configured the routes
 * do not exist to anyone, so an unconfigured server says nothing about itself.
 */
export function operatorGuard(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return (request: FastifyRequest): Promise<void> => {
    if (!expected) return Promise.reject(new AppError('NOT_FOUND', 'Not found.'));
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // equal-length digests: the comparison takes as long whatever was sent
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      return Promise.reject(new AppError('UNAUTHENTICATED', 'Send the metrics token as a bearer token.'));
    }
    return Promise.resolve();
  };
}
