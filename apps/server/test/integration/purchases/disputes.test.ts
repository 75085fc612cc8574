import type { Dispute, AdminDispute } from '@quickvend/shared/api/disputes';
import type { AdminPurchaseDetail, PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { openEventStream } from '../../helpers/event-stream.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

describeEachDatabase("I didn't get it", (kind) => {
  let t: TestApp;
  let now = new Date();
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
    const signedUp = await signUp(t.app);
    await t.container.auth.setRole(signedUp.userId, 'admin');
    admin = signedUp.client;
  });
  afterAll(async () => {
    await t.close();
  });

  const report = (client: TestClient, requestId: string, note?: string) =>
    client.post(`/api/v1/purchases/${requestId}/dispute`, note === undefined ? {} : { note });
  const openDisputes = async () =>
    (await admin.get('/api/v1/admin/disputes')).json<{ disputes: AdminDispute[] }>().disputes;

  it('asks the provider again at once, shows its answer, keeps one report per purchase and moves no money', async () => {
    const customer = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    const requestId = purchase?.requestId ?? '';
    const balance = await t.container.ledger.getWalletBalance(customer.userId);

    const first = await report(customer.client, requestId, 'No airtime on my line');
    expect(first.statusCode, first.body).toBe(200);
    const dispute = first.json<{ dispute: Dispute }>().dispute;
    expect(dispute).toMatchObject({
      status: 'open',
      providerAnswer: 'delivered',
      customerNote: 'No airtime on my line',
      resolution: null,
    });
    expect(dispute.answer).toMatch(
      /^The provider confirms it delivered this on .+\. It can take a few minutes to show on the line.* Our team has your report/,
    );

    const again = await report(customer.client, requestId, 'still nothing');
    expect(again.json<{ dispute: Dispute }>().dispute).toMatchObject({
      id: dispute.id,
      customerNote: 'No airtime on my line',
    });
    const shown = await customer.client.get(`/api/v1/purchases/${requestId}/dispute`);
    expect(shown.json<{ dispute: Dispute }>().dispute.id).toBe(dispute.id);

    // the requery is evidence on the purchase's timeline; it changes nothing about a final purchase
    const detail = (
      await admin.get(`/api/v1/admin/purchases/${purchase?.id ?? ''}`)
    ).json<AdminPurchaseDetail>();
    expect(detail.events.filter((event) => event.kind === 'customer.dispute')).toHaveLength(1);
    expect(detail.purchase.status).toBe('delivered');
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(balance);
    expect((await t.container.ledger.verify()).problems).toEqual([]);

    const listed = (await openDisputes()).find((item) => item.id === dispute.id);
    expect(listed).toMatchObject({
      purchaseId: purchase?.id,
      customer: { email: customer.email },
      purchase: { serviceName: purchase?.serviceName, recipient: '08011111111', amountKobo: 10_000 },
      providerAnswer: 'delivered',
    });
  });

  it('counts the open reports for the admin home, with when the longest-waiting one was made', async () => {
    const summary = async () =>
      (await admin.get('/api/v1/admin/purchases/summary')).json<PurchasesSummary>().disputes;
    const before = await summary();
    const customer = await fundedCustomer(t, 1_000);
    const reported: string[] = [];
    for (const amount of ['100', '200']) {
      const { purchase } = await buy(customer.client, { serviceId: 'glo', phone: '08011111111', amount });
      const opened = await report(customer.client, purchase?.requestId ?? '');
      expect(opened.statusCode, opened.body).toBe(200);
      reported.push(opened.json<{ dispute: Dispute }>().dispute.id);
    }
    const open = await openDisputes();
    const counted = await summary();
    expect(counted).toEqual({ open: before.open + 2, oldestOpenAt: open[0]?.createdAt });
    expect(counted.open).toBe(open.length);

    await admin.post(`/api/v1/admin/disputes/${reported[0] ?? ''}/close`, { resolution: 'Delivered.' });
    expect((await summary()).open).toBe(before.open + 1);
    expect((await customer.client.get('/api/v1/admin/purchases/summary')).statusCode).toBe(403);
  });

  it('is only for the owner, only for delivered purchases, and only within a day', async () => {
    const customer = await fundedCustomer(t, 1_000);
    const other = await fundedCustomer(t, 0);
    const { purchase: delivered } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    const { purchase: pending } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '100',
    });
    const { purchase: failed } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08022222222',
      amount: '100',
    });
    expect([delivered?.status, pending?.status, failed?.status]).toEqual(['delivered', 'pending', 'failed']);

    for (const response of [
      await report(other.client, delivered?.requestId ?? ''),
      await other.client.get(`/api/v1/purchases/${delivered?.requestId ?? ''}/dispute`),
      await customer.client.get('/api/v1/purchases/no-such-request/dispute'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    // an ordinary receipt asks whether there is a report: no is an answer, not an error
    for (const purchase of [delivered, pending, failed]) {
      const none = await customer.client.get(`/api/v1/purchases/${purchase?.requestId ?? ''}/dispute`);
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual({ dispute: null });
    }
    for (const purchase of [pending, failed]) {
      const refused = await report(customer.client, purchase?.requestId ?? '');
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe('Only a delivered purchase can be reported as not received.');
    }

    const before = now;
    now = new Date(Date.now() + 25 * 60 * 60_000);
    try {
      const late = await report(customer.client, delivered?.requestId ?? '');
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).message).toBe(
        'It is more than 24 hours since this was delivered. Please contact support.',
      );
    } finally {
      now = before;
    }
    const tooLong = await report(customer.client, delivered?.requestId ?? '', 'x'.repeat(501));
    expect(tooLong.statusCode).toBe(400);
  });

  it('the team closes a report once, with what they found, which the customer then sees', async () => {
    const customer = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    const requestId = purchase?.requestId ?? '';
    const { dispute } = (await report(customer.client, requestId)).json<{ dispute: Dispute }>();

    expect((await customer.client.get('/api/v1/admin/disputes')).statusCode).toBe(403);
    expect(
      (await customer.client.post(`/api/v1/admin/disputes/${dispute.id}/close`, { resolution: 'Fine' }))
        .statusCode,
    ).toBe(403);
    const empty = await admin.post(`/api/v1/admin/disputes/${dispute.id}/close`, { resolution: '' });
    expect(empty.statusCode).toBe(400);

    const resolution = 'MTN confirmed the top-up reached 08011111111 at 14:05.';
    const closed = await admin.post(`/api/v1/admin/disputes/${dispute.id}/close`, { resolution });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ dispute: Dispute }>().dispute).toMatchObject({ status: 'closed', resolution });
    const twice = await admin.post(`/api/v1/admin/disputes/${dispute.id}/close`, { resolution });
    expect(twice.statusCode).toBe(409);
    expect((await admin.post('/api/v1/admin/disputes/dsp_nothing/close', { resolution })).statusCode).toBe(
      404,
    );

    expect((await openDisputes()).map((item) => item.id)).not.toContain(dispute.id);
    const closedList = (await admin.get('/api/v1/admin/disputes?status=closed')).json<{
      disputes: AdminDispute[];
    }>().disputes;
    expect(closedList.map((item) => item.id)).toContain(dispute.id);
    const seen = (await customer.client.get(`/api/v1/purchases/${requestId}/dispute`)).json<{
      dispute: Dispute;
    }>().dispute;
    expect(seen).toMatchObject({ status: 'closed', resolution });
    await vi.waitFor(async () => {
      const inbox = (await customer.client.get('/api/v1/notifications')).json<{
        notifications: { title: string; body: string; link: string | null }[];
      }>();
      expect(inbox.notifications).toContainEqual(
        expect.objectContaining({
          title: 'We looked into your MTN Airtime',
          body: `You told us you did not get MTN Airtime to 0801 111 1111. ${resolution}`,
          link: `/transactions/${requestId}`,
        }),
      );
    });
    const audit = await t.container.audit.list({ targetType: 'purchase', targetId: purchase?.id ?? '' });
    expect(audit.map((entry) => entry.action)).toContain('dispute.close');
  });

  it("closing a report tells that customer's open receipts at once, and nobody else's", async () => {
    const customer = await fundedCustomer(t, 1_000);
    const stranger = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    const requestId = purchase?.requestId ?? '';
    const { dispute } = (await report(customer.client, requestId)).json<{ dispute: Dispute }>();
    const tabs = [customer, customer, stranger].map((who) =>
      openEventStream(t.selfUrl, who.client.cookieHeader, 'purchase'),
    );
    const balances = [customer, stranger].map((who) =>
      openEventStream(t.selfUrl, who.client.cookieHeader, 'balance'),
    );
    // each stream is open (its balance arrived) before the report is closed
    await expect.poll(() => balances.every((tab) => tab.events.length > 0), { timeout: 5_000 }).toBe(true);
    try {
      expect(tabs.map((tab) => tab.events)).toEqual([[], [], []]);
      const closed = await admin.post(`/api/v1/admin/disputes/${dispute.id}/close`, {
        resolution: 'MTN confirmed the top-up.',
      });
      expect(closed.statusCode, closed.body).toBe(200);

      const [first, second, others] = tabs;
      for (const tab of [first, second]) {
        await expect
          .poll(() => tab?.events, { timeout: 5_000 })
          .toEqual([`event: purchase\ndata: ${JSON.stringify({ requestId })}`]);
      }
      expect(others?.events).toEqual([]);
    } finally {
      await Promise.all([...tabs, ...balances].map((tab) => tab.close()));
    }
  });

  it('no admin closes a report about their own purchase: another admin does', async () => {
    // an admin who buys as a customer and reports it
    const buyer = await fundedCustomer(t, 1_000);
    await t.container.auth.setRole(buyer.userId, 'admin');
    const { purchase } = await buy(buyer.client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
    const { dispute } = (await report(buyer.client, purchase?.requestId ?? '')).json<{ dispute: Dispute }>();
    const own = await buyer.client.post(`/api/v1/admin/disputes/${dispute.id}/close`, {
      resolution: 'Delivered, I checked myself.',
    });
    expect(own.statusCode, own.body).toBe(403);
    expect(errorOf(own).message).toBe(
      'This request is about your own account: another admin must decide it.',
    );
    expect((await openDisputes()).map((item) => item.id)).toContain(dispute.id);
    const other = await admin.post(`/api/v1/admin/disputes/${dispute.id}/close`, {
      resolution: 'MTN confirmed the top-up.',
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});
