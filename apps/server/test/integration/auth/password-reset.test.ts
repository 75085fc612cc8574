import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  waitForMail,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

type Mailbox = { messages: { to: string; subject: string; text: string }[] };

describeEachDatabase('password reset', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  async function resetLinkFor(email: string): Promise<string> {
    const mail = await waitForMail(t.app, email, /^Reset your/);
    expect(mail.subject).toBe('Reset your QuickVend password');
    const link = /http:\/\/localhost:3000\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no reset link mailed to ${email}`);
    return link;
  }

  it('mails a link that sets a new password and ends every other session', async () => {
    const { client: phone, email, password } = await signUp(t.app);
    const laptop = new TestClient(t.app);
    await laptop.post('/api/v1/auth/sign-in', { email, password });
    expect((await laptop.get('/api/v1/me')).statusCode).toBe(200);

    const asked = await new TestClient(t.app).post('/api/v1/auth/forgot-password', { email });
    expect(asked.statusCode).toBe(202);
    const token = new URL(await resetLinkFor(email)).searchParams.get('token') ?? '';

    const reset = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
      token,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);

    expect((await phone.get('/api/v1/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/v1/me')).statusCode).toBe(401);
    const oldPassword = await new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email,
      password: 'a brand new password',
    });
    expect(newPassword.statusCode).toBe(200);

    const reused = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
      token,
      password: 'yet another password',
    });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe('INVALID_TOKEN');
  });

  /** The security events of one type stored for the user, and whether each was published. */
  const storedEvents = (type: string, userId: string) =>
    queryRows<{ id: string; published: boolean }>(
      t.container.db,
      sql`select id, published_at is not null as published from domain_events
          where type = ${type} and payload->>'userId' = ${userId}`,
    );

  it('records the reset’s event in its transaction, once, and publishes it once committed', async () => {
    const { email, userId } = await signUp(t.app);
    await new TestClient(t.app).post('/api/v1/auth/forgot-password', { email });
    const token = new URL(await resetLinkFor(email)).searchParams.get('token') ?? '';
    const publish = vi.spyOn(t.container.events, 'publish').mockImplementation(() => undefined);
    try {
      const reset = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
        token,
        password: 'a brand new password',
      });
      expect(reset.statusCode).toBe(200);
      const recorded = await storedEvents('security.password-reset', userId);
      expect(recorded.map(({ published }) => published)).toEqual([false]);
      expect(recorded[0]?.id).toMatch(`security.password-reset:${userId}:`);
      const published = publish.mock.calls.map(([event]) => event.id);
      expect(published).toEqual([recorded[0]?.id]);
      const [event] = publish.mock.calls.map(([event]) => event);
      if (event) await t.container.events.publishNow(event);
    } finally {
      publish.mockRestore();
    }
    const stored = await storedEvents('security.password-reset', userId);
    expect(stored.map(({ published }) => published)).toEqual([true]);
  });

  it('stores one event for a signed-in password change', async () => {
    const { client, password, userId } = await signUp(t.app);
    const changed = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.container.events.drain();
    const stored = await storedEvents('security.password-changed', userId);
    expect(stored.map(({ published }) => published)).toEqual([true]);
    expect(stored[0]?.id).toMatch(`security.password-changed:${userId}:`);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const asked = await new TestClient(t.app).post('/api/v1/auth/forgot-password', { email });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    const mailbox: Mailbox = (await t.app.inject({ url: '/sandbox/mailbox/messages' })).json();
    expect(mailbox.messages.some((m) => m.to === email)).toBe(false);
  });

  it('refuses a made-up token', async () => {
    const response = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
      token: 'made-up-token',
      password: 'whatever password',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_TOKEN');
  });

  it('shows the mail on the sandbox mailbox page', async () => {
    const { email } = await signUp(t.app);
    await new TestClient(t.app).post('/api/v1/auth/forgot-password', { email });
    await waitForMail(t.app, email);
    const page = await t.app.inject({ url: '/sandbox/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/reset-password\?token=/);
  });
});
