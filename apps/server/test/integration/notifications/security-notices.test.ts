import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUp, TestClient, waitForMail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { inboxOf, noticeTitled } from '../../helpers/notices.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describeEachDatabase('security notices', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells of a new sign-in with the device, and not of the sign-up itself', async () => {
    const { client, email, password } = await signUp(t.app);
    expect((await inboxOf(client)).notifications).toEqual([]);
    const phone = new TestClient(t.app);
    const signedIn = await phone.post(
      '/api/v1/auth/sign-in',
      { email, password },
      { 'user-agent': ANDROID_CHROME },
    );
    expect(signedIn.statusCode).toBe(200);
    const notice = await noticeTitled(client, 'New sign-in to your account');
    expect(notice).toMatchObject({ category: 'security', link: '/profile' });
    expect(notice.body).toMatch(
      /^Someone signed in to your QuickVend account on .+ \(Lagos time\)\. Device: Chrome on Android, from [\d.:a-f]+\. If it was you, there is nothing to do\./,
    );
    expect((await waitForMail(t.app, email, /New sign-in/)).text).toContain('Chrome on Android');
  });

  it('tells of a PIN created and changed, and of a password reset', async () => {
    const { client, email, userId } = await fundedCustomer(t, 0);
    await noticeTitled(client, 'Your transaction PIN was created');
    const changed = await client.post('/api/v1/pin', { pin: '5937', currentPin: TEST_PIN });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await noticeTitled(client, 'Your transaction PIN was changed');
    expect(notice.body).toMatch(
      /^The transaction PIN of your QuickVend account was changed on .+ \(Lagos time\)\./,
    );

    expect((await client.post('/api/v1/auth/forgot-password', { email })).statusCode).toBe(202);
    const link = /reset-password\?token=(\S+)/.exec((await waitForMail(t.app, email, /Reset your/)).text);
    const reset = await new TestClient(t.app).post('/api/v1/auth/reset-password', {
      token: decodeURIComponent(link?.[1] ?? ''),
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    const fresh = new TestClient(t.app);
    await fresh.post('/api/v1/auth/sign-in', { email, password: 'a brand new password' });
    await noticeTitled(fresh, 'Your password was changed');
    await waitForMail(t.app, email, /password was changed/);
    const rows = await t.container.notifier.list(userId, { limit: 50 });
    expect(rows.notifications.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Your transaction PIN was created', 'Your transaction PIN was changed']),
    );
  });

  it('tells of a password changed in the profile, by email too', async () => {
    const { client, email, password } = await signUp(t.app);
    const changed = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await noticeTitled(client, 'Your password was changed');
    expect(notice.body).toMatch(/^The password of your QuickVend account was changed on .+ \(Lagos time\)\./);
    expect((await waitForMail(t.app, email, /password was changed/)).text).toContain(
      'We always email you about the security of your QuickVend account.',
    );
    // the session the change made for this browser is no new sign-in
    expect((await inboxOf(client)).notifications.map((n) => n.title)).toEqual(['Your password was changed']);
  });

  it('tells of API keys created and revoked, with the mails partners already know', async () => {
    const { client, email, password } = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(client);
    const created = await client.post('/api/v1/api-keys', { name: 'My shop', password, pin: TEST_PIN });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey } = created.json<{ apiKey: { id: string } }>();
    const notice = await noticeTitled(client, 'A new API key was created');
    expect(notice.body).toContain('“My shop”');
    expect((await waitForMail(t.app, email, /new API key was created/)).subject).toBe(
      'A new API key was created on your QuickVend account',
    );
    expect((await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`)).statusCode).toBe(200);
    await noticeTitled(client, 'An API key was revoked');
    await waitForMail(t.app, email, /API key .* was revoked/);
  });
});
