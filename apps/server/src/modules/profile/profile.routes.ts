import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '@quickvend/shared/api/common';
import {
  changeEmailBody,
  changeEmailResponse,
  changePasswordBody,
  closeAccountBody,
  confirmEmailBody,
  confirmEmailResponse,
  partnerAccessBody,
  profileResponse,
  sessionsResponse,
  signOutOthersResponse,
  updateProfileBody,
} from '@quickvend/shared/api/profile';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, sendCookies, signedInUser, toHeaders, type AuthService } from '../auth/index.ts';
import { registerDataExportRoute } from './data-export.routes.ts';
import type { Profiles } from './profile.service.ts';

/** Wrong or stale email links per address and window: enough for a person, too few to guess with. */
const CONFIRM_TRIES = { max: 20, windowSeconds: 15 * 60 };

/** The signed-in customer's own account; each route acts on the caller only. */
export function registerProfileRoutes(
  parent: FastifyInstance,
  deps: {
    profiles: Profiles;
    auth: Pick<AuthService, 'confirmEmailChange'>;
    limiter: Pick<RateLimiter, 'countFailures'>;
    clock: Clock;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { profiles } = deps;
  const user = { config: { access: 'user' as const } };

  app.get(
    '/api/v1/profile',
    { ...user, schema: { response: { 200: profileResponse } } },
    async (request) => ({
      profile: await profiles.get(signedInUser(request).id),
    }),
  );

  app.put(
    '/api/v1/profile',
    { ...user, schema: { body: updateProfileBody, response: { 200: profileResponse } } },
    async (request) => ({ profile: await profiles.update(signedInUser(request).id, request.body) }),
  );

  app.post(
    '/api/v1/profile/email',
    { ...user, schema: { body: changeEmailBody, response: { 202: changeEmailResponse } } },
    async (request, reply) => {
      await profiles.requestEmailChange(signedInUser(request), request.body, toHeaders(request));
      return reply.status(202).send({ sentTo: request.body.email });
    },
  );

  // the mailed link may be opened on any phone, signed in or not: the link itself is the proof
  app.post(
    '/api/v1/profile/email/confirm',
    {
      config: { access: 'public' },
      schema: { body: confirmEmailBody, response: { 200: confirmEmailResponse } },
    },
    async (request) => {
      const { email, changed } = await deps.limiter.countFailures(
        [{ key: `email-confirm:ip:${request.ip}`, ...CONFIRM_TRIES }],
        () => deps.auth.confirmEmailChange(request.body.token),
      );
      return { email, changed };
    },
  );

  // "Send the link again": a new link to the account's own address, until it is confirmed
  app.post(
    '/api/v1/profile/email/confirmation',
    { ...user, schema: { response: { 202: changeEmailResponse } } },
    async (request, reply) => {
      const sentTo = await profiles.resendEmailConfirmation(signedInUser(request).id);
      return reply.status(202).send({ sentTo });
    },
  );

  app.post(
    '/api/v1/profile/password',
    { ...user, schema: { body: changePasswordBody, response: { 200: okResponse } } },
    async (request, reply) => {
      const cookies = await profiles.changePassword(
        signedInUser(request).id,
        request.body,
        toHeaders(request),
      );
      sendCookies(reply, cookies);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/profile/sessions',
    { ...user, schema: { response: { 200: sessionsResponse } } },
    async (request) => ({
      sessions: await profiles.listSessions(signedInUser(request).id, currentSessionId(request)),
    }),
  );

  app.post(
    '/api/v1/profile/sessions/sign-out-others',
    { ...user, schema: { response: { 200: signOutOthersResponse } } },
    async (request) => ({
      signedOut: await profiles.signOutOthers(
        signedInUser(request).id,
        currentSessionId(request),
        toHeaders(request),
      ),
    }),
  );

  app.delete(
    '/api/v1/profile/sessions/:id',
    {
      ...user,
      schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: okResponse } },
    },
    async (request) => {
      await profiles.endSession(signedInUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/v1/profile/partner-access',
    { ...user, schema: { body: partnerAccessBody, response: { 200: profileResponse } } },
    async (request) => ({
      profile: await profiles.setPartnerAccess(signedInUser(request).id, request.body.enabled),
    }),
  );

  registerDataExportRoute(app, { profiles, clock: deps.clock });

  app.post(
    '/api/v1/profile/close',
    { ...user, schema: { body: closeAccountBody, response: { 200: okResponse } } },
    async (request, reply) => {
      const cookies = await profiles.closeAccount(
        actorOf(request),
        request.body.password,
        toHeaders(request),
      );
      sendCookies(reply, cookies);
      return { ok: true as const };
    },
  );
}
