import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRegisterBody,
  forgotPasswordBody,
  meResponse,
  openInvitationResponse,
  resetPasswordBody,
  sessionResponse,
  signInBody,
  signUpBody,
} from '@quickvend/shared/api/auth';
import { okResponse } from '@quickvend/shared/api/common';
import { messages } from '@quickvend/shared/messages';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import { sendCookies, signedInUser, toHeaders, type Guards } from './auth.guard.ts';
import type { Browsers } from './browsers.ts';
import type { KnownDevices } from './known-device.ts';

/**
 * Allowances per window: `signIn` wrong passwords per account and address, `signUp` new accounts (its
 * per-address ceiling), `passwordReset` reset mails per account. Carrier-grade NAT puts thousands of customers behind one address,
 * so what counts per address alone is much looser.
 */
export type AuthRateLimits = { signIn: number; signUp: number; passwordReset: number; windowMs: number };

/** How many times looser a limit per address alone is than the same limit per account. */
const PER_ADDRESS_FACTOR = 30;
/** How many times looser the limit per account (from any address) is than per account and address. */
const PER_ACCOUNT_FACTOR = 5;

export function registerAuthRoutes(
  parent: FastifyInstance,
  deps: {
    auth: AuthService;
    /** the refer-and-earn programme: a sign-up may carry a code */
    referrals: {
      ownerOf: (code: string) => Promise<string | null>;
      record: (referredUserId: string, code: string) => Promise<void>;
    };
    loadUser: Guards['loadUser'];
    limiter: RateLimiter;
    rateLimits: AuthRateLimits;
    knownDevices: KnownDevices;
    /** the browser each sign-up and sign-in comes from, remembered for the account */
    browsers: Pick<Browsers, 'idOf' | 'remember'>;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, limiter, rateLimits, knownDevices } = deps;
  const windowSeconds = Math.max(1, Math.round(rateLimits.windowMs / 1000));
  const rule = (key: string, max: number): RateRule => ({ key, max, windowSeconds });
  const perAddress = (what: string, ip: string, max: number) =>
    rule(`${what}:ip:${ip}`, max * PER_ADDRESS_FACTOR);

  app.post(
    '/api/v1/auth/sign-up',
    { schema: { body: signUpBody, response: { 201: meResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      await limiter.consume([perAddress('sign-up', request.ip, rateLimits.signUp)]);
      const { ref } = request.body;
      // a code nobody has is refused before the account exists, so the customer can fix it or leave it out
      if (ref && !(await deps.referrals.ownerOf(ref))) {
        throw new AppError('VALIDATION_FAILED', messages.referrals.unknownCode, {
          fields: { ref: messages.referrals.unknownCode },
        });
      }
      const { user, setCookie } = await auth.signUp(request.body, toHeaders(request));
      if (ref) await deps.referrals.record(user.id, ref);
      const browser = deps.browsers.idOf(request.headers.cookie);
      await deps.browsers.remember(user.id, browser.id);
      sendCookies(reply, [...setCookie, knownDevices.cookieFor(user.email), browser.setCookie]);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    { schema: { body: signInBody, response: { 200: meResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      const { email } = request.body;
      const device = knownDevices.recognise(request.headers.cookie, email);
      // only wrong passwords count, and the owner's own phone has an allowance no stranger can spend
      const rules = device
        ? [rule(`sign-in:device:${device}`, rateLimits.signIn)]
        : [
            rule(`sign-in:account-ip:${email}|${request.ip}`, rateLimits.signIn),
            rule(`sign-in:account:${email}`, rateLimits.signIn * PER_ACCOUNT_FACTOR),
            perAddress('sign-in', request.ip, rateLimits.signIn),
          ];
      const { user, setCookie } = await limiter.countFailures(rules, () =>
        auth.signIn(request.body, toHeaders(request)),
      );
      if (!device) setCookie.push(knownDevices.cookieFor(email));
      const browser = deps.browsers.idOf(request.headers.cookie);
      await deps.browsers.remember(user.id, browser.id);
      sendCookies(reply, [...setCookie, browser.setCookie]);
      return { user };
    },
  );

  app.post('/api/v1/auth/sign-out', { config: { access: 'public' } }, async (request, reply) => {
    sendCookies(reply, await auth.signOut(toHeaders(request)));
    return reply.status(204).send();
  });

  app.post(
    '/api/v1/auth/forgot-password',
    { schema: { body: forgotPasswordBody, response: { 202: okResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      await limiter.consume([
        rule(`password-reset-mail:account:${request.body.email}`, rateLimits.passwordReset),
        perAddress('password-reset-mail', request.ip, rateLimits.passwordReset),
      ]);
      await auth.requestPasswordReset(request.body.email);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    { schema: { body: resetPasswordBody, response: { 200: okResponse } }, config: { access: 'public' } },
    async (request) => {
      await limiter.countFailures([rule(`password-reset:ip:${request.ip}`, rateLimits.signIn)], () =>
        auth.resetPassword(request.body.token, request.body.password),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/admin-register',
    { schema: { body: adminRegisterBody, response: { 201: meResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      const { user, setCookie } = await limiter.countFailures(
        [rule(`invitation:ip:${request.ip}`, rateLimits.signIn)],
        () => auth.registerAdmin(request.body, toHeaders(request)),
      );
      sendCookies(reply, setCookie);
      return reply.status(201).send({ user });
    },
  );

  // the web app's probe: signed out is an answer, not an error (no 401 on every page a visitor opens)
  app.get(
    '/api/v1/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionResponse } } },
    async (request, reply) => ({ user: await deps.loadUser(request, reply) }),
  );

  app.get(
    '/api/v1/me',
    { config: { access: 'user' }, schema: { response: { 200: meResponse } } },
    (request) => ({ user: signedInUser(request) }),
  );

  app.get(
    '/api/v1/admin/invitations/:token',
    {
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: openInvitationResponse },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const open = await limiter.countFailures([rule(`invitation:ip:${request.ip}`, rateLimits.signIn)], () =>
        auth.findOpenInvitation(request.params.token),
      );
      return { email: open.email };
    },
  );
}
