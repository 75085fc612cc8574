import type { FastifyInstance } from 'fastify';
import { messages } from '@quickvend/shared/messages';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import { sendCookies, signedInUser, toHeaders, type Guards } from './auth.guard.ts';
import type { Browsers } from './browsers.ts';
import type { KnownDevices } from './known-device.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

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
  app: FastifyInstance,
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
  const { auth, limiter, rateLimits, knownDevices } = deps;
  const windowSeconds = Math.max(1, Math.round(rateLimits.windowMs / 1000));
  const rule = (key: string, max: number): RateRule => ({ key, max, windowSeconds });
  const perAddress = (what: string, ip: string, max: number) =>
    rule(`${what}:ip:${ip}`, max * PER_ADDRESS_FACTOR);

  route(app, contract.auth.signUp, async (request, reply) => {
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
  });

  route(app, contract.auth.signIn, async (request, reply) => {
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
  });

  route(app, contract.auth.signOut, async (request, reply) => {
    sendCookies(reply, await auth.signOut(toHeaders(request)));
    return reply.status(204).send();
  });

  route(app, contract.auth.forgotPassword, async (request, reply) => {
    await limiter.consume([
      rule(`password-reset-mail:account:${request.body.email}`, rateLimits.passwordReset),
      perAddress('password-reset-mail', request.ip, rateLimits.passwordReset),
    ]);
    await auth.requestPasswordReset(request.body.email);
    return reply.status(202).send({ ok: true });
  });

  route(app, contract.auth.resetPassword, async (request) => {
    await limiter.countFailures([rule(`password-reset:ip:${request.ip}`, rateLimits.signIn)], () =>
      auth.resetPassword(request.body.token, request.body.password),
    );
    return { ok: true as const };
  });

  route(app, contract.auth.adminRegister, async (request, reply) => {
    const { user, setCookie } = await limiter.countFailures(
      [rule(`invitation:ip:${request.ip}`, rateLimits.signIn)],
      () => auth.registerAdmin(request.body, toHeaders(request)),
    );
    sendCookies(reply, setCookie);
    return reply.status(201).send({ user });
  });

  // the web app's probe: signed out is an answer, not an error (no 401 on every page a visitor opens)
  route(app, contract.auth.session, async (request, reply) => ({
    user: await deps.loadUser(request, reply),
  }));

  route(app, contract.auth.me, (request) => ({ user: signedInUser(request) }));

  route(app, contract.auth.invitation, async (request) => {
    const open = await limiter.countFailures([rule(`invitation:ip:${request.ip}`, rateLimits.signIn)], () =>
      auth.findOpenInvitation(request.params.token),
    );
    return { email: open.email };
  });
}
