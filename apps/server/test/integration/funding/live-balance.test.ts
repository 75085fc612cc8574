import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { testConfig } from '../../helpers/config.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { openEventStream } from '../../helpers/event-stream.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

describeEachDatabase('live balance', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams the new balance to every open page of the user, and only theirs', async () => {
    const { client, userId } = await signUp(t.app);
    const { client: other } = await signUp(t.app);
    const open = (cookie: string) => openEventStream(t.selfUrl, cookie, 'balance');
    const tabOne = open(client.cookieHeader);
    const tabTwo = open(client.cookieHeader);
    const stranger = open(other.cookieHeader);
    await expect.poll(() => tabOne.events.length + tabTwo.events.length, { timeout: 5_000 }).toBe(2);

    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(500_000),
      reason: 'test',
      actor: 'test',
    });
    for (const tab of [tabOne, tabTwo]) {
      await expect.poll(() => tab.events.at(-1), { timeout: 5_000 }).toContain('"balanceKobo":500000');
    }
    expect(stranger.events.every((e) => e.includes('"balanceKobo":0'))).toBe(true);
    for (const tab of [tabOne, tabTwo]) expect(tab.contentType()).toContain('text/event-stream');
    await Promise.all([tabOne, tabTwo, stranger].map((tab) => tab.close()));
  });

  it("follows a purchase's hold and its refund, each told once it has committed", async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const tab = openEventStream(t.selfUrl, client.cookieHeader, 'balance');
    await expect.poll(() => tab.events.at(-1), { timeout: 5_000 }).toContain('"balanceKobo":100000');
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '300' });
    expect(purchase?.status).toBe('pending');
    await expect.poll(() => tab.events.at(-1), { timeout: 5_000 }).toContain('"balanceKobo":70000');

    // VTpass reverses it: the requery refunds it in a transaction of its own
    const reversed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/vtpass/api/simulate/resolve',
      headers: { 'api-key': testConfig.vtpass.apiKey, 'secret-key': testConfig.vtpass.secretKey },
      payload: { request_id: purchase?.providerRequestId, status: 'reversed' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    await t.container.purchases.recheck(purchase?.id ?? '');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    await expect.poll(() => tab.events.at(-1), { timeout: 5_000 }).toContain('"balanceKobo":100000');
    await tab.close();
  });

  it('refuses the stream to anonymous visitors', async () => {
    const response = await fetch(`${t.selfUrl}/api/v1/wallet/events`);
    expect(response.status).toBe(401);
  });
});
