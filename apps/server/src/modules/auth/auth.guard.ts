import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '@quickvend/shared/api/auth';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    currentUser: Me | null;
  }
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

export function sendCookies(reply: FastifyReply, setCookie: string[]): void {
  if (setCookie.length > 0) reply.header('set-cookie', setCookie);
}

export type Guards = ReturnType<typeof createGuards>;

/** Route guards: every protected route names one in its preHandler, so the rule is visible where the route is. */
export function createGuards(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('currentUser', null);

  async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<Me | null> {
    if (request.currentUser) return request.currentUser;
    if (!request.headers.cookie) return null;
    const session = await auth.getSession(toHeaders(request));
    if (!session) return null;
    // a refreshed session gets a refreshed cookie
    sendCookies(reply, session.setCookie);
    request.currentUser = session.user;
    return session.user;
  }

  return {
    loadUser,
    requireUser: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!(await loadUser(request, reply))) {
        throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      }
    },
    requireAdmin: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const user = await loadUser(request, reply);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Access denied. You are not an admin.');
    },
  };
}

/** The user a guard has already let through. */
export function signedInUser(request: FastifyRequest): Me {
  if (!request.currentUser) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.currentUser;
}
