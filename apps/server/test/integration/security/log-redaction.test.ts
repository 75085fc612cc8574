import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { createLogger } from '../../../src/lib/logger.ts';
import { approvedInvitation, newAdmin } from '../../helpers/admins.ts';
import { signUp, testConfig, uniqueEmail, waitForMail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase, openTestDatabase, type DatabaseKind } from '../../helpers/database.ts';
import { freePort } from '../../helpers/net.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { chargeSuccess, postWebhook, sign, startCardPayment } from '../../helpers/paystack.ts';

const FIRST_PASSWORD = 'first pass phrase 9Qx';
const SECOND_PASSWORD = 'second pass phrase 4Lm';
const ADMIN_PASSWORD = 'invited admin phrase 7Zt';
const PIN = '4826';
const NEW_PIN = '7351';
// shorter values (a PIN, an amount) could turn up in a log by chance: every secret looked for is longer
const SHORTEST_SECRET = 12;

const madeUpToken = () => randomBytes(24).toString('base64url');

/** The app as `main.ts` runs it, with its real logger writing into `lines`, and a built web app to serve. */
async function startLoggedApp(
  kind: DatabaseKind,
  level: string,
  lines: string[],
  setCookies: string[],
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'qv-log-dist-'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>QuickVend</title><div id="root"></div>',
  );
  const port = await freePort();
  const selfUrl = `http://127.0.0.1:${port}`;
  const built = await buildApp({
    config: testConfig,
    database,
    selfUrl,
    jobPollingSeconds: 0.5,
    simulators: { pendingResolveMs: Infinity, timeoutHangMs: Infinity, duplicateWindowMs: 0 },
    providerTimeoutMs: 2_000,
    logger: createLogger(level, { write: (line: string) => void lines.push(line) }),
    rateLimits: { signIn: 1000, signUp: 1000, passwordReset: 1000, windowMs: 60_000 },
    webDistDir,
  });
  built.app.addHook('onSend', async (_request, reply) => {
    const header = reply.getHeader('set-cookie');
    if (header !== undefined) setCookies.push(...(Array.isArray(header) ? header : [String(header)]));
  });
  await built.app.listen({ port, host: '127.0.0.1' });
  return {
    ...built,
    selfUrl,
    close: async () => {
      await built.app.close();
      await database.close();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

/** The link to `pathname` in a mail. */
function linkIn(text: string, pathname: string): URL {
  const links = (text.match(/https?:\/\/\S+/g) ?? []).map((each) => new URL(each));
  const link = links.find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in: ${text}`);
  return link;
}

describeEachDatabase('the logs keep no token or secret', (kind) => {
  // the production default, and everything (trace writes all that debug does, and more)
  describe.each(['info', 'trace'])('at level %s', (level) => {
    const lines: string[] = [];
    const setCookies: string[] = [];
    const secrets = new Map<string, string>();
    let t: TestApp;
    let isClosed = false;
    const remember = (label: string, value: string | null | undefined) => {
      if (!value) throw new Error(`no ${label} to remember`);
      secrets.set(label, value);
    };
    /** A request over real HTTP, as a browser or a partner's system makes it. */
    const page = (url: URL | string, init?: RequestInit) => {
      const address = typeof url === 'string' ? url : `${url.pathname}${url.search}`;
      return fetch(`${t.selfUrl}${address}`, init);
    };

    beforeAll(async () => {
      t = await startLoggedApp(kind, level, lines, setCookies);
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      if (!isClosed) await t.close();
    });

    it('a whole run, every token and secret it made or was sent, and none of them in the log', async () => {
      // sign up, sign out and in again: session cookies
      remember('first password', FIRST_PASSWORD);
      const { client, email } = await signUp(t.app, { password: FIRST_PASSWORD });
      expect((await client.get('/api/v1/me')).statusCode).toBe(200);
      expect((await client.post('/api/v1/auth/sign-out')).statusCode).toBe(204);
      const signedIn = await client.post('/api/v1/auth/sign-in', { email, password: FIRST_PASSWORD });
      expect(signedIn.statusCode, signedIn.body).toBe(200);

      // an email change, confirmed by the mailed link: the page is opened, then the link is used
      const newEmail = uniqueEmail('moved');
      const change = await client.post('/api/v1/profile/email', {
        email: newEmail,
        password: FIRST_PASSWORD,
      });
      expect(change.statusCode, change.body).toBe(202);
      const confirmLink = linkIn(
        (await waitForMail(t.app, newEmail, /^Confirm your new/)).text,
        '/confirm-email',
      );
      remember('email change token', confirmLink.searchParams.get('token'));
      expect((await page(confirmLink)).status).toBe(200);
      const confirmed = await client.post('/api/v1/profile/email/confirm', {
        token: confirmLink.searchParams.get('token') ?? '',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      // a password reset by the mailed link, then signing in with the new password
      remember('second password', SECOND_PASSWORD);
      const forgot = await client.post('/api/v1/auth/forgot-password', { email: newEmail });
      expect(forgot.statusCode, forgot.body).toBe(202);
      const resetLink = linkIn((await waitForMail(t.app, newEmail, /^Reset your/)).text, '/reset-password');
      remember('password reset token', resetLink.searchParams.get('token'));
      expect((await page(resetLink)).status).toBe(200);
      const reset = await client.post('/api/v1/auth/reset-password', {
        token: resetLink.searchParams.get('token') ?? '',
        password: SECOND_PASSWORD,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const again = await client.post('/api/v1/auth/sign-in', { email: newEmail, password: SECOND_PASSWORD });
      expect(again.statusCode, again.body).toBe(200);

      // a transaction PIN, changed by its mailed link
      expect((await client.post('/api/v1/pin', { pin: PIN })).statusCode).toBe(200);
      const pinRequest = await client.post('/api/v1/pin/change-request', { email: newEmail });
      expect(pinRequest.statusCode, pinRequest.body).toBe(202);
      const pinLink = linkIn((await waitForMail(t.app, newEmail, /^Change your .*PIN$/)).text, '/change-pin');
      remember('PIN change token', pinLink.searchParams.get('token'));
      expect((await page(pinLink)).status).toBe(200);
      const pinReset = await client.post('/api/v1/pin/reset', {
        token: pinLink.searchParams.get('token') ?? '',
        password: SECOND_PASSWORD,
        pin: NEW_PIN,
      });
      expect(pinReset.statusCode, pinReset.body).toBe(200);

      // an API key, used by a partner's system as documented, and once wrongly in the address
      await turnOnPartnerAccess(client);
      const created = await client.post('/api/v1/api-keys', {
        name: 'Till',
        password: SECOND_PASSWORD,
        pin: NEW_PIN,
      });
      expect(created.statusCode, created.body).toBe(201);
      const key = created.json<{ key: string }>().key;
      remember('API key', key);
      const partnerCall = await page('/api/v1/balance', { headers: { authorization: `Bearer ${key}` } });
      expect(partnerCall.status).toBe(200);
      expect((await page(`/api/v1/balance?api_key=${key}`)).status).toBe(401);

      // a card payment started, and Paystack's signed webhook for it
      const { checkout } = await startCardPayment(client, newEmail, '500');
      const event = chargeSuccess(checkout.reference, 50_000);
      remember('Paystack signature', sign(event));
      expect((await postWebhook(t, event, sign(event))).status).toBe(200);

      // an admin invitation: made and approved, its page opened, its lookup, and the registration with it
      const maker = await newAdmin(t, 'Maker Admin');
      const checker = await newAdmin(t, 'Checker Admin');
      const inviteeEmail = uniqueEmail('invitee');
      const invitation = await approvedInvitation(maker.client, checker.client, inviteeEmail);
      remember('invitation token', invitation.token);
      const invitePage = await page(new URL(invitation.url));
      expect(invitePage.status).toBe(200);
      expect(await invitePage.text()).toContain('QuickVend');
      const lookup = await page(`/api/v1/admin/invitations/${encodeURIComponent(invitation.token)}`);
      expect(lookup.status).toBe(200);
      remember('admin password', ADMIN_PASSWORD);
      const registered = await page('/api/v1/auth/admin-register', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: testConfig.appUrl,
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify({ token: invitation.token, email: inviteeEmail, password: ADMIN_PASSWORD }),
      });
      expect(registered.status).toBe(201);

      // addresses nobody serves, and a guessed invitation
      const [queryToken, queryInvite, guessedInvitation] = [madeUpToken(), madeUpToken(), madeUpToken()];
      remember('token in an unknown address', queryToken);
      remember('invite in an unknown address', queryInvite);
      remember('guessed invitation', guessedInvitation);
      expect((await page(`/api/v1/nowhere?token=${queryToken}&invite=${queryInvite}`)).status).toBe(404);
      expect((await page(`/api/v1/admin/invitations/${guessedInvitation}`)).status).toBe(404);

      // a failure on our side while a token is looked up: the failed query carries the token too
      const [failingToken, failingQuery] = [madeUpToken(), madeUpToken()];
      remember('token of a failing lookup', failingToken);
      remember('query of a failing lookup', failingQuery);
      vi.spyOn(t.container.auth, 'findOpenInvitation').mockRejectedValueOnce(
        new DrizzleQueryError(
          'select "id" from "admin_invitations" where "token_hash" = $1',
          [failingToken],
          new Error('division by zero'),
        ),
      );
      expect((await page(`/api/v1/admin/invitations/${failingToken}?token=${failingQuery}`)).status).toBe(
        500,
      );

      // every link any mail of the run carried (a sign-up confirmation too) holds a secret
      for (const [index, mail] of ((await t.container.sandboxMailbox?.list(500)) ?? []).entries()) {
        for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) {
          for (const [name, value] of new URL(link).searchParams) remember(`${name} in mail ${index}`, value);
        }
      }
      // every cookie the server set: the session's token (whole and signed), the known-device mark
      expect(setCookies.length).toBeGreaterThan(0);
      for (const cookie of setCookies) {
        const [name = '', ...rest] = (cookie.split(';')[0] ?? '').split('=');
        const value = decodeURIComponent(rest.join('='));
        if (value.length < SHORTEST_SECRET) continue;
        remember(`cookie ${name}`, value);
        value.split('.').forEach((part, index) => {
          if (part.length >= SHORTEST_SECRET) remember(`cookie ${name} part ${index}`, part);
        });
      }

      // what the shutdown writes counts too
      await t.close();
      isClosed = true;
      const log = lines.join('');
      expect(lines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThan(30);
      expect(log).toContain('"msg":"request failed"');

      const leaked = [...secrets]
        .filter(([, value]) => value.length >= SHORTEST_SECRET)
        .filter(([, value]) => log.includes(value) || log.includes(encodeURIComponent(value)))
        .map(([label]) => label);
      expect(secrets.size).toBeGreaterThan(15);
      expect(leaked).toEqual([]);
      // the requests are still there for operators, with the secret's place marked
      expect(log).toContain('"url":"/AdminRegister?invite=[Redacted]"');
      expect(log).toContain('"url":"/api/v1/admin/invitations/[Redacted]"');
    });
  });
});
