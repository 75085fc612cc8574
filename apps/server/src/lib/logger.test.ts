import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, redactText, redactUrl } from './logger.ts';

const SECRET = 'kq3Zr8T1xYvB0aQ_secret-token';

function capture(level = 'trace') {
  const lines: string[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join('') };
}

describe('redactUrl', () => {
  it.each([
    [`/AdminRegister?invite=${SECRET}`, `/AdminRegister?invite=${REDACTED}`],
    [`/admin/register?x=${SECRET}`, `/admin/register?x=${REDACTED}`],
    [`/reset-password?token=${SECRET}&lang=en`, `/reset-password?token=${REDACTED}&lang=${REDACTED}`],
    [`/RESETPASSWORD?${SECRET}`, `/RESETPASSWORD?${REDACTED}`],
    [`/confirm-email?token=${SECRET}`, `/confirm-email?token=${REDACTED}`],
    [`/change_pin?token=${SECRET}`, `/change_pin?token=${REDACTED}`],
    [`/api/v1/nowhere?page=2&api_key=${SECRET}`, `/api/v1/nowhere?page=2&api_key=${REDACTED}`],
    [
      `/x?Signature=${SECRET}&Password=${SECRET}&pin=1234`,
      `/x?Signature=${REDACTED}&Password=${REDACTED}&pin=${REDACTED}`,
    ],
    ['/api/v1/purchases?status=failed&limit=20', '/api/v1/purchases?status=failed&limit=20'],
    ['/airtime?network=mtn', '/airtime?network=mtn'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('replaces the route parameters that carry a secret, and the whole query of that route', () => {
    expect(
      redactUrl(`/api/v1/admin/invitations/${encodeURIComponent(`${SECRET}/+`)}?a=b`, {
        token: `${SECRET}/+`,
      }),
    ).toBe(`/api/v1/admin/invitations/${REDACTED}?a=${REDACTED}`);
  });

  it('keeps parameters that name things rather than hide them', () => {
    expect(redactUrl('/api/v1/admin/settings/funding.minimumKobo', { key: 'funding.minimumKobo' })).toBe(
      '/api/v1/admin/settings/funding.minimumKobo',
    );
    expect(redactUrl('/api/v1/purchases/pur_01J', { id: 'pur_01J' })).toBe('/api/v1/purchases/pur_01J');
  });
});

describe('redactText', () => {
  it('redacts addresses inside any text', () => {
    expect(redactText(`Route GET:/reset-password?token=${SECRET} not found`)).toBe(
      `Route GET:/reset-password?token=${REDACTED} not found`,
    );
    expect(redactText(`Invalid URL: https://x.ng/y?code=${SECRET}&z=1`)).toBe(
      `Invalid URL: https://x.ng/y?code=${REDACTED}&z=1`,
    );
    expect(redactText(`connecting to smtps://mailer:${SECRET}@smtp.example.com:465`)).toBe(
      `connecting to smtps://mailer:${REDACTED}@smtp.example.com:465`,
    );
  });
});

describe('the logger', () => {
  it('never writes secret headers or body fields', () => {
    const { log, text } = capture();
    log.info(
      {
        headers: { authorization: `Bearer ${SECRET}`, 'x-api-key': SECRET },
        req: { url: '/', headers: { cookie: `qv.session=${SECRET}`, 'x-paystack-signature': SECRET } },
        body: { password: SECRET, pin: SECRET, newPassword: SECRET },
      },
      'something to look at',
    );
    expect(text()).toContain('something to look at');
    expect(text()).not.toContain(SECRET);
  });

  it("keeps a failed query's text but not the values it was given", () => {
    const { log, text } = capture();
    const failure = new DrizzleQueryError(
      'insert into "sandbox_mails" ("id", "text") values ($1, $2)',
      ['mail_1', `Open this link:\nhttps://x.ng/a?b=${SECRET}\n"quoted"`],
      Object.assign(new Error('duplicate key'), { code: '23505' }),
    );
    log.error({ err: failure }, 'mail delivery failed');
    log.error({ err: new Error('wrapped', { cause: failure }) }, 'wrapped');
    log.info({ err: failure.message }, 'request refused');
    const written = text();
    expect(written).toContain('insert into \\"sandbox_mails\\"');
    expect(written).toContain('duplicate key');
    expect(written).toContain('    at ');
    expect(written).not.toContain(SECRET);
    expect(written).not.toContain('mail_1');
  });
});
