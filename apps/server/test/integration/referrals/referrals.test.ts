import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import type { WalletResponse } from '@quickvend/shared/api/wallet';
import { payments, userDevices } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';

describeEachDatabase('refer and earn', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const overviewOf = async (client: TestClient) =>
    (await client.get('/api/v1/referrals')).json<ReferralsResponse>();
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);

  async function join(name: string, ref?: string) {
    const client = new TestClient(t.app);
    const email = uniqueEmail();
    const response = await client.post('/api/v1/auth/sign-up', {
      name,
      email,
      password: 'correct horse battery',
      ...(ref !== undefined && { ref }),
    });
    return { client, email, response, userId: response.json<{ user?: { id: string } }>().user?.id ?? '' };
  }

  /** A card payment the customer completes and the browser confirms, as the Fund Wallet page does. */
  async function fundByCard(client: TestClient, email: string, amount: string) {
    const { checkout, payment } = await startCardPayment(client, email, amount);
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    return payment.reference;
  }
  const confirm = (client: TestClient, reference: string) =>
    client.post('/api/v1/funding/card/confirm', { reference });

  /** A bank transfer into the customer's own account number, from `senderAccount`, credited once it lands. */
  async function fundByTransfer(client: TestClient, userId: string, senderAccount: string, kobo: number) {
    const opened = await client.post('/api/v1/funding/dedicated-account', {});
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const { account } = opened.json<{ account: { accountNumber: string } }>();
    const before = await balanceOf(userId);
    const sent = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account_number: account.accountNumber,
        amount: kobo,
        sender_name: 'ADA OBI',
        sender_account_number: senderAccount,
      }),
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await balanceOf(userId)).toBe(before + kobo);
      },
      { timeout: 20_000, interval: 100 },
    );
  }

  /** The browser id cookie a client holds (the phone it stands for). */
  const browserOf = (client: TestClient) => /(?:^|; )qv_browser=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '';
  /** A new browser tab on the phone `client` stands for: its browser id, no session. */
  const onSamePhone = (client: TestClient) => {
    const phone = new TestClient(t.app);
    phone.setCookieHeader(`qv_browser=${browserOf(client)}`);
    return phone;
  };
  const rewardEntry = async (referredUserId: string) =>
    (await t.container.ledger.movementsByReference([`referral:${referredUserId}:reward`])).size;
  const paidBy = async (userId: string) =>
    (await t.container.db.select().from(payments).where(eq(payments.userId, userId))).map(
      (payment) => payment.payerFingerprint,
    );

  it('gives each customer a code of their own in the spec’s shape, never their internal id, and a sign-up link', async () => {
    const ada = await join('Ada Obi');
    const first = await overviewOf(ada.client);
    expect(first.code).toMatch(/^[a-z0-9]{6}-[A-Z0-9]{6}$/);
    expect(first.code).not.toContain(ada.userId);
    expect(new URL(first.link).pathname + new URL(first.link).search).toBe(`/signup?ref=${first.code}`);
    expect(first).toMatchObject({ rewardKobo: 5_000, reward: '50.00', earnedKobo: 0, referrals: [] });
    expect((await overviewOf(ada.client)).code).toBe(first.code);
    expect((await overviewOf((await join('Bola Ade')).client)).code).not.toBe(first.code);
  });

  it('refuses a code nobody has before making the account, so the customer can fix it', async () => {
    const stranger = await join('Chidi Eze', 'nobody-XXXXXX');
    expect(stranger.response.statusCode).toBe(400);
    expect(errorOf(stranger.response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { ref: 'We could not find that referral code. Check it, or leave it empty.' } },
    });
    const again = await new TestClient(t.app).post('/api/v1/auth/sign-up', {
      name: 'Chidi Eze',
      email: stranger.email,
      password: 'correct horse battery',
    });
    expect(again.statusCode).toBe(201);
  });

  it('pays the referrer ₦50 once, when the referred customer’s first funding lands, and says it is new', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    const friend = await join('Ngozi Okafor', code);
    expect(friend.response.statusCode).toBe(201);

    const pending = await overviewOf(referrer.client);
    expect(pending.referrals).toEqual([
      {
        name: 'Ngozi',
        email: `${friend.email.slice(0, 2)}***${friend.email.slice(friend.email.indexOf('@'))}`,
        status: 'pending',
        declinedReason: null,
        joinedAt: expect.any(String) as string,
        rewardedAt: null,
        rewardKobo: null,
      },
    ]);
    expect(JSON.stringify(pending)).not.toContain(friend.userId);
    expect(await balanceOf(referrer.userId)).toBe(0);

    const reference = await fundByCard(friend.client, friend.email, '1,000');
    expect((await confirm(friend.client, reference)).statusCode).toBe(200);
    expect(await balanceOf(friend.userId)).toBe(100_000);
    expect(await balanceOf(referrer.userId)).toBe(5_000);

    const rewarded = await overviewOf(referrer.client);
    expect(rewarded).toMatchObject({ earnedKobo: 5_000, earned: '50.00', newRewardsKobo: 5_000 });
    expect(rewarded.referrals[0]).toMatchObject({ status: 'success', rewardKobo: 5_000 });
    const wallet = (await referrer.client.get('/api/v1/wallet')).json<WalletResponse>();
    expect(wallet.breakdown.referralKobo).toBe(5_000);

    expect((await referrer.client.post('/api/v1/referrals/seen', {})).statusCode).toBe(204);
    expect((await overviewOf(referrer.client)).newRewardsKobo).toBe(0);

    // a second funding is not a first funding
    const second = await fundByCard(friend.client, friend.email, '2,000');
    expect((await confirm(friend.client, second)).statusCode).toBe(200);
    expect(await balanceOf(referrer.userId)).toBe(5_000);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('pays once when the referred customer’s first fundings land at the same moment', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    const friend = await join('Tunde Bello', code);
    const references = [
      await fundByCard(friend.client, friend.email, '1,000'),
      await fundByCard(friend.client, friend.email, '1,500'),
      await fundByCard(friend.client, friend.email, '2,000'),
    ];
    const answers = await Promise.all(
      references.flatMap((reference) => Array.from({ length: 4 }, () => confirm(friend.client, reference))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(await balanceOf(friend.userId)).toBe(450_000);
    expect(await balanceOf(referrer.userId)).toBe(5_000);
    expect((await overviewOf(referrer.client)).referrals).toMatchObject([
      { status: 'success', rewardKobo: 5_000 },
    ]);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('pays what the admins set the reward to, and nothing to someone who signs up with their own code', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    await t.container.settings.set('referrals.rewardKobo', 10_000, null);
    try {
      const friend = await join('Musa Danjuma', code);
      await confirm(friend.client, await fundByCard(friend.client, friend.email, '1,000'));
      expect(await balanceOf(referrer.userId)).toBe(10_000);
      expect((await overviewOf(referrer.client)).rewardKobo).toBe(10_000);
    } finally {
      await t.container.settings.set('referrals.rewardKobo', 5_000, null);
    }
    // the referral service refuses a self-referral even if a caller tried one
    await t.container.referrals.record(referrer.userId, code);
    expect((await overviewOf(referrer.client)).referrals).toHaveLength(1);
  });

  it('remembers the browser of each sign-up and sign-in in a long-lived cookie, never a second id for one browser', async () => {
    const ada = await join('Ada Obi');
    const cookie = ada.response.cookies.find((c) => c.name === 'qv_browser');
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeGreaterThan(365 * 24 * 60 * 60);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const signedIn = await ada.client.post('/api/v1/auth/sign-in', {
      email: ada.email,
      password: 'correct horse battery',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.find((c) => c.name === 'qv_browser')?.value).toBe(cookie?.value);
    const devices = await t.container.db.select().from(userDevices).where(eq(userDevices.userId, ada.userId));
    expect(devices.map((device) => device.deviceId)).toEqual([cookie?.value]);
  });

  it('pays nothing for an account made on the referrer’s own phone, and says why', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    const second = new TestClient(t.app);
    second.setCookieHeader(`qv_browser=${browserOf(referrer.client)}`);
    const email = uniqueEmail();
    const joined = await second.post('/api/v1/auth/sign-up', {
      name: 'Ada Second',
      email,
      password: 'correct horse battery',
      ref: code,
    });
    expect(joined.statusCode).toBe(201);
    const secondId = joined.json<{ user: { id: string } }>().user.id;

    expect((await confirm(second, await fundByCard(second, email, '1,000'))).statusCode).toBe(200);
    expect(await balanceOf(secondId)).toBe(100_000);
    expect(await balanceOf(referrer.userId)).toBe(0);
    expect(await rewardEntry(secondId)).toBe(0);
    const overview = await overviewOf(referrer.client);
    expect(overview).toMatchObject({ earnedKobo: 0, newRewardsKobo: 0 });
    expect(overview.referrals).toMatchObject([
      { name: 'Ada', status: 'declined', declinedReason: 'shared-device', rewardKobo: null },
    ]);
    // a later funding decides nothing again
    expect((await confirm(second, await fundByCard(second, email, '500'))).statusCode).toBe(200);
    expect(await balanceOf(referrer.userId)).toBe(0);
    expect(await t.container.referrals.paidRewardFor(secondId)).toBeNull();
  });

  it('pays nothing when the referred account was signed in to on the referrer’s phone before its first funding', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    const friend = await join('Bisi Ade', code);
    const borrowed = onSamePhone(referrer.client);
    expect(
      (
        await borrowed.post('/api/v1/auth/sign-in', {
          email: friend.email,
          password: 'correct horse battery',
        })
      ).statusCode,
    ).toBe(200);
    await confirm(friend.client, await fundByCard(friend.client, friend.email, '1,000'));
    expect(await balanceOf(referrer.userId)).toBe(0);
    expect((await overviewOf(referrer.client)).referrals).toMatchObject([
      { status: 'declined', declinedReason: 'shared-device' },
    ]);
  });

  it('pays nothing when one card paid into both accounts', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    await confirm(referrer.client, await fundByCard(referrer.client, referrer.email, '1,000'));
    const friend = await join('Chioma Eze', code);
    expect(browserOf(friend.client)).not.toBe(browserOf(referrer.client));
    await confirm(friend.client, await fundByCard(friend.client, friend.email, '1,000'));

    const [cardOfReferrer] = await paidBy(referrer.userId);
    expect(cardOfReferrer).toMatch(/^card:SIG_\w+$/);
    expect(await paidBy(friend.userId)).toEqual([cardOfReferrer]);
    expect(await balanceOf(friend.userId)).toBe(100_000);
    expect(await balanceOf(referrer.userId)).toBe(100_000);
    expect(await rewardEntry(friend.userId)).toBe(0);
    expect((await overviewOf(referrer.client)).referrals).toMatchObject([
      { status: 'declined', declinedReason: 'shared-card' },
    ]);
  });

  it('pays nothing when one bank account sent transfers into both accounts, and pays a friend whose transfers came from elsewhere', async () => {
    const referrer = await join('Ada Obi');
    const { code } = await overviewOf(referrer.client);
    await fundByTransfer(referrer.client, referrer.userId, '0123456789', 200_000);
    expect(await paidBy(referrer.userId)).toEqual(['bank:test bank:0123456789']);

    const second = await join('Ada Obi', code);
    await fundByTransfer(second.client, second.userId, '0123456789', 150_000);
    expect(await balanceOf(referrer.userId)).toBe(200_000);
    expect(await rewardEntry(second.userId)).toBe(0);

    const friend = await join('Emeka Nwosu', code);
    await fundByTransfer(friend.client, friend.userId, '0987654321', 150_000);
    expect(await balanceOf(referrer.userId)).toBe(205_000);
    expect(await rewardEntry(friend.userId)).toBe(1);
    const byName = new Map((await overviewOf(referrer.client)).referrals.map((r) => [r.name, r]));
    expect(byName.get('Ada')).toMatchObject({ status: 'declined', declinedReason: 'shared-payer-account' });
    expect(byName.get('Emeka')).toMatchObject({ status: 'success', declinedReason: null, rewardKobo: 5_000 });
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('shows the referral list only to its owner', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/referrals' });
    expect(anonymous.statusCode).toBe(401);
    const seen = await t.app.inject({ method: 'POST', url: '/api/v1/referrals/seen' });
    expect(seen.statusCode).toBe(401);
  });
});
