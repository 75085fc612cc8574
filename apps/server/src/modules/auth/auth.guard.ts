import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '@quickvend/shared/api/auth';
import { userAdminMessages, type UserStatus } from '@quickvend/shared/api/admin-users';
import type { CacheEvents } from '../../lib/cache-events.ts';
import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import { CLIENT_IP_HEADER } from './session-library.ts';
import { USERS_TOPIC } from './user-accounts.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    currentUser: Me | null;
    /** how the current user proved who they are: the web session cookie, or a partner API key */
    authMethod: 'session' | 'key' | null;
    /**
     * The partner key this request came with, when it came with one. A test key's request acts for the partner's
     * test account: `currentUser.id` is that account's.
     */
    apiKey: {
      id: string;
      mode: 'live' | 'test';
      ownerId: string;
      /** the services it may buy; empty: every service */
      allowedServices: readonly string[];
    } | null;
    /** the web session this request came with, when it came with one */
    sessionId: string | null;
  }
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function sendCookies(reply: FastifyReply, setCookie: string[]): void {
  if (setCookie.length > 0) reply.header('set-cookie', setCookie);
}

export type Guards = ReturnType<typeof createGuards>;

/**
 * How long a key's owner, once read, is reused for that owner's key requests (no route behind a key reads the
 * role). A suspension reaches every process at once through `USERS_TOPIC`; this is the fallback.
 */
const KEY_OWNER_CACHE_MS = 5_000;

/** Route guards: every protected route names one in its preHandler, so the rule is visible where the route is. */
export function createGuards(
  app: FastifyInstance,
  auth: Pick<AuthService, 'getSession' | 'accounts'>,
  keys: {
    authenticate: (
      key: string,
      ip: string,
    ) => Promise<{
      userId: string;
      keyId: string;
      mode: 'live' | 'test';
      actsFor: string;
      allowedServices: readonly string[];
    } | null>;
  },
  options: {
    cacheEvents?: Pick<CacheEvents, 'subscribe'>;
    keyOwnerCacheMs?: number;
    /** requests each partner's keys may make together per second, counted in the database by every process */
    partnerRate?: { limiter: Pick<RateLimiter, 'consume'>; perSecond: number };
  } = {},
) {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKey', null);
  const keyOwnerCacheMs = options.keyOwnerCacheMs ?? KEY_OWNER_CACHE_MS;
  type KeyOwner = { owner: Me; standing: UserStatus };
  const keyOwners = new Map<string, KeyOwner & { until: number }>();
  // bumped on every invalidation: a lookup that was running meanwhile must not cache what it read
  let generation = 0;
  options.cacheEvents?.subscribe(USERS_TOPIC, (userId) => {
    generation += 1;
    if (userId === null) keyOwners.clear();
    else keyOwners.delete(userId);
  });

  async function findKeyOwner(userId: string): Promise<KeyOwner | undefined> {
    const cached = keyOwners.get(userId);
    if (cached && cached.until > performance.now()) return cached;
    keyOwners.delete(userId);
    const seen = generation;
    const holder = await auth.accounts.keyHolder(userId);
    if (!holder) return undefined;
    if (generation === seen) keyOwners.set(userId, { ...holder, until: performance.now() + keyOwnerCacheMs });
    return holder;
  }

  async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<Me | null> {
    if (request.currentUser) return request.currentUser;
    if (!request.headers.cookie) return null;
    const session = await auth.getSession(toHeaders(request));
    if (!session) return null;
    // a refreshed session gets a refreshed cookie
    sendCookies(reply, session.setCookie);
    request.currentUser = session.user;
    request.authMethod = 'session';
    request.sessionId = session.sessionId;
    return session.user;
  }

  /**
   * A partner's bearer key.
   * @throws UNAUTHENTICATED for a missing, unknown or revoked key (or a deleted owner); FORBIDDEN from an address
   * the key does not allow; ACCOUNT_SUSPENDED while its owner is suspended
   */
  async function loadKeyOwner(request: FastifyRequest): Promise<Me> {
    const key = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
    const holder = key ? await keys.authenticate(key, request.ip) : null;
    // the owner's standing rules their test keys too: a suspended partner's test key stops with the rest
    const found = holder ? await findKeyOwner(holder.userId) : undefined;
    if (!holder || !found || found.standing === 'deleted') {
      throw new AppError('UNAUTHENTICATED', 'Missing, unknown or revoked API key.');
    }
    if (found.standing === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', userAdminMessages.suspended);
    if (options.partnerRate) await spendPartnerRate(found.owner.id, options.partnerRate);
    request.currentUser =
      holder.actsFor === found.owner.id ? found.owner : { ...found.owner, id: holder.actsFor };
    request.authMethod = 'key';
    request.apiKey = {
      id: holder.keyId,
      mode: holder.mode,
      ownerId: holder.userId,
      allowedServices: holder.allowedServices,
    };
    return request.currentUser;
  }

  /** @throws RATE_LIMITED (details.retryAfterSeconds) naming the limit, once this second's requests are spent */
  async function spendPartnerRate(
    userId: string,
    rate: { limiter: Pick<RateLimiter, 'consume'>; perSecond: number },
  ): Promise<void> {
    try {
      await rate.limiter.consume([
        { key: `partner-requests:user:${userId}`, max: rate.perSecond, windowSeconds: 1 },
      ]);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
      throw new AppError('RATE_LIMITED', partnerLimitTexts.requestRate(rate.perSecond), {
        ...error.details,
        limit: 'requestsPerSecond',
      });
    }
  }

  return {
    loadUser,
    requireUser: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!(await loadUser(request, reply))) {
        throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      }
    },
    /** The partner API: a bearer key when one is sent, otherwise the web session. */
    requireUserOrKey: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (request.headers.authorization?.startsWith('Bearer ')) {
        await loadKeyOwner(request);
        return;
      }
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

/** The web session of a request a `user` guard has let through. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.sessionId;
}
