import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, sendCookies, signedInUser, toHeaders, type AuthService } from '../auth/index.ts';
import { registerDataExportRoute } from './data-export.routes.ts';
import type { Profiles } from './profile.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** Wrong or stale email links per address and window: enough for a person, too few to guess with. */
const CONFIRM_TRIES = { max: 20, windowSeconds: 15 * 60 };

/** The signed-in customer's own account; each route acts on the caller only. */
export function registerProfileRoutes(
  app: FastifyInstance,
  deps: {
    profiles: Profiles;
    auth: Pick<AuthService, 'confirmEmailChange'>;
    limiter: Pick<RateLimiter, 'countFailures'>;
    clock: Clock;
  },
): void {
  const { profiles } = deps;

  route(app, contract.profile.get, async (request) => ({
    profile: await profiles.get(signedInUser(request).id),
  }));

  route(app, contract.profile.update, async (request) => ({
    profile: await profiles.update(signedInUser(request).id, request.body),
  }));

  route(app, contract.profile.changeEmail, async (request, reply) => {
    await profiles.requestEmailChange(signedInUser(request), request.body, toHeaders(request));
    return reply.status(202).send({ sentTo: request.body.email });
  });

  // the mailed link may be opened on any phone, signed in or not: the link itself is the proof
  route(app, contract.profile.confirmEmail, async (request) => {
    const { email, changed } = await deps.limiter.countFailures(
      [{ key: `email-confirm:ip:${request.ip}`, ...CONFIRM_TRIES }],
      () => deps.auth.confirmEmailChange(request.body.token),
    );
    return { email, changed };
  });

  // "Send the link again": a new link to the account's own address, until it is confirmed
  route(app, contract.profile.resendConfirmation, async (request, reply) => {
    const sentTo = await profiles.resendEmailConfirmation(signedInUser(request).id);
    return reply.status(202).send({ sentTo });
  });

  route(app, contract.profile.changePassword, async (request, reply) => {
    const cookies = await profiles.changePassword(signedInUser(request).id, request.body, toHeaders(request));
    sendCookies(reply, cookies);
    return { ok: true as const };
  });

  route(app, contract.profile.sessions, async (request) => ({
    sessions: await profiles.listSessions(signedInUser(request).id, currentSessionId(request)),
  }));

  route(app, contract.profile.signOutOthers, async (request) => ({
    signedOut: await profiles.signOutOthers(
      signedInUser(request).id,
      currentSessionId(request),
      toHeaders(request),
    ),
  }));

  route(app, contract.profile.endSession, async (request) => {
    await profiles.endSession(signedInUser(request).id, request.params.id);
    return { ok: true as const };
  });

  route(app, contract.profile.partnerAccess, async (request) => ({
    profile: await profiles.setPartnerAccess(signedInUser(request).id, request.body.enabled),
  }));

  registerDataExportRoute(app, { profiles, clock: deps.clock });

  route(app, contract.profile.close, async (request, reply) => {
    const cookies = await profiles.closeAccount(actorOf(request), request.body.password, toHeaders(request));
    sendCookies(reply, cookies);
    return { ok: true as const };
  });
}
