import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AdminUserDetailResponse } from '@quickvend/shared/api/admin-users';
import type { DataExport } from '@quickvend/shared/api/profile';
import { profileTexts } from '@quickvend/shared/messages/profile';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, errorOf, signUp, TestClient, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { signInElsewhere } from '../../helpers/browsers.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { buy, fundedCustomer, resolvePending, TEST_PIN } from '../../helpers/purchases.ts';

describeEachDatabase("the customer's profile: data export and closing the account", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("downloads everything held about the customer, and nothing of anyone else's", async () => {
    const customer = await fundedCustomer(t, 1_000);
    await confirmEmail(customer.client);
    const other = await fundedCustomer(t, 1_000);
    await customer.client.put('/api/v1/profile', {
      name: 'Ada Obi',
      phone: '08031234567',
      birthday: '1994-02-28',
    });
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    const { payment, checkout } = await startCardPayment(customer.client, customer.email, '500');
    await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD);
    await customer.client.post('/api/v1/funding/card/confirm', { reference: payment.reference });
    const deposit = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '2000',
    });
    expect(deposit.statusCode).toBe(201);
    await customer.client.put('/api/v1/profile/partner-access', { enabled: true });
    const { key } = (
      await customer.client.post('/api/v1/api-keys', {
        name: 'Till',
        password: customer.password,
        pin: TEST_PIN,
      })
    ).json<{ key: string }>();
    const { purchase: theirs } = await buy(other.client, {
      serviceId: 'glo',
      phone: '08051111111',
      amount: '200',
    });

    const response = await customer.client.get('/api/v1/profile/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="quickvend-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<DataExport>();
    expect(data.profile).toMatchObject({ name: 'Ada Obi', email: customer.email, birthday: '1994-02-28' });
    expect(data.wallet.balanceKobo).toBe(140_000);
    expect(data.purchases.map((p) => p.requestId)).toEqual([purchase?.requestId]);
    expect(data.payments).toEqual([
      expect.objectContaining({ reference: payment.reference, status: 'success', amountKobo: 50_000 }),
    ]);
    expect(data.manualDeposits).toEqual([expect.objectContaining({ bankName: 'GTBank', status: 'pending' })]);
    expect(data.statement.map((line) => line.kind)).toEqual(
      expect.arrayContaining(['adjustment', 'purchase.hold', 'funding.card']),
    );
    expect(data.apiKeys).toHaveLength(1);
    expect(data.sessions).toEqual([expect.objectContaining({ isCurrent: true })]);
    expect(data.transactionPin).toEqual({ isSet: true });
    expect(data.referrals.link).toBe(data.profile.referralLink);
    expect(data.notifications.map((notice) => notice.category)).toEqual(
      expect.arrayContaining(['purchases', 'funding']),
    );
    expect(data.notificationPreferences).toMatchObject({ emailPurchases: true, smsCredentials: false });

    expect(response.body).not.toContain(key);
    expect(response.body).not.toContain(key.slice(10));
    for (const secret of [other.email, theirs?.requestId ?? 'none', other.userId]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('closes the account only with the password, an empty wallet and nothing in flight; then nobody can sign in', async () => {
    const admin = await signUp(t.app);
    await t.container.auth.setRole(admin.userId, 'admin');
    const customer = await fundedCustomer(t, 100);
    await confirmEmail(customer.client);
    const phone = await signInElsewhere(t, customer.email, customer.password);
    const close = (password = customer.password) =>
      customer.client.post('/api/v1/profile/close', { password });

    const wrong = await close('not my password');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).details).toMatchObject({ fields: { password: expect.any(String) as unknown } });

    const withMoney = await close();
    expect(withMoney.statusCode).toBe(409);
    expect(errorOf(withMoney).message).toBe(profileTexts.closeBalance('₦100.00'));
    expect(errorOf(withMoney).message).not.toMatch(/support/);

    // the whole balance on a purchase the provider has not confirmed yet
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '100',
    });
    expect(purchase?.status).toBe('pending');
    const inFlight = await close();
    expect(inFlight.statusCode).toBe(409);
    expect(errorOf(inFlight).message).toBe(
      'A purchase of yours is still being confirmed. Wait until it is delivered or refunded, then close your account.',
    );
    await resolvePending(t, purchase);
    await vi.waitFor(
      async () => {
        const after = await customer.client.get(`/api/v1/purchases/${purchase?.requestId ?? ''}`);
        expect(after.json<{ purchase: { status: string } }>().purchase.status).toBe('delivered');
      },
      { timeout: 20_000, interval: 200 },
    );

    const deposit = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '2000',
    });
    expect(deposit.statusCode).toBe(201);
    const waiting = await close();
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting).message).toContain('A deposit request of yours is waiting for approval.');
    const requestId = deposit.json<{ request: { id: string } }>().request.id;
    expect(
      (
        await admin.client.post(`/api/v1/admin/funding/manual/${requestId}/reject`, {
          reason: 'Not received',
        })
      ).statusCode,
    ).toBe(200);

    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(401);
    expect((await phone.get('/api/v1/me')).statusCode).toBe(401);
    const signIn = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.statusCode).toBe(401);

    const page = (
      await admin.client.get(`/api/v1/admin/users/${customer.userId}`)
    ).json<AdminUserDetailResponse>();
    expect(page.user).toMatchObject({ status: 'deleted', name: 'Deleted user', phone: null });
    expect(page.purchases.map((p) => p.requestId)).toContain(purchase?.requestId);
    const audit = await t.container.audit.list({ targetType: 'user', targetId: customer.userId });
    expect(audit).toEqual([expect.objectContaining({ action: 'user.close', actorId: customer.userId })]);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(kobo(0));
  });

  it('never leaves a deposit waiting on a closed account: Delete is refused until it is decided', async () => {
    const admin = await signUp(t.app);
    await t.container.auth.setRole(admin.userId, 'admin');
    const customer = await signUp(t.app);
    await confirmEmail(customer.client);
    const deposit = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '2000',
    });
    expect(deposit.statusCode).toBe(201);
    const requestId = deposit.json<{ request: { id: string } }>().request.id;
    const deleteAccount = () =>
      admin.client.post(`/api/v1/admin/users/${customer.userId}/delete`, {
        reason: 'Asked to close the account',
      });
    const refused = await deleteAccount();
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'A manual deposit for this account is waiting for a decision. Approve or reject it first, then delete the account.',
    );
    const rejected = await admin.client.post(`/api/v1/admin/funding/manual/${requestId}/reject`, {
      reason: 'Customer asked to close the account',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const deleted = await deleteAccount();
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(kobo(0));
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });
});
