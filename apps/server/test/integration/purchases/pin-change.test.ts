import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, errorOf, TestClient, waitForMail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

describeEachDatabase('changing the transaction PIN by email', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a link that sets a new PIN once the password is confirmed, and works once', async () => {
    const { client, email, password } = await fundedCustomer(t, 1_000);
    const asked = await client.post('/api/v1/pin/change-request', { email: email.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    const mail = await waitForMail(t.app, email, /^Change your/);
    expect(mail.subject).toBe('Change your QuickVend transaction PIN');
    const token =
      new URL(
        /http:\/\/localhost:3000\/change-pin\?token=\S+/.exec(mail.text)?.[0] ?? 'http://x',
      ).searchParams.get('token') ?? '';

    const signedOut = new TestClient(t.app);
    const wrongPassword = await signedOut.post('/api/v1/pin/reset', {
      token,
      password: 'not my password',
      pin: '7391',
    });
    expect(wrongPassword.statusCode).toBe(401);
    const trivial = await signedOut.post('/api/v1/pin/reset', { token, password, pin: '2222' });
    expect(trivial.statusCode).toBe(400);
    const reset = await signedOut.post('/api/v1/pin/reset', { token, password, pin: '7391' });
    expect(reset.statusCode).toBe(200);
    const reused = await signedOut.post('/api/v1/pin/reset', { token, password, pin: '8305' });
    expect(errorOf(reused).code).toBe('INVALID_TOKEN');

    expect(
      (await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100', pin: '4826' })).response
        .statusCode,
    ).toBe(403);
    expect(
      (await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100', pin: '7391' })).purchase
        ?.status,
    ).toBe('delivered');
  });

  it('refuses a change request for another email, and anonymous ones', async () => {
    const { client } = await fundedCustomer(t, 0);
    const other = await client.post('/api/v1/pin/change-request', { email: 'someone.else@example.com' });
    expect(other.statusCode).toBe(400);
    expect(errorOf(other).message).toBe('Enter the email address of your account.');
    expect(
      (await new TestClient(t.app).post('/api/v1/pin/change-request', { email: 'a@b.co' })).statusCode,
    ).toBe(401);
  });
});
