import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  providerLossMessages as say,
  type WriteOffProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../../src/lib/clock.ts';
import { createPurchaseChecks } from '../../../src/modules/purchases/index.ts';
import { createProviderLosses, lossNote } from '../../../src/modules/reconciliation/index.ts';
import { createTestApp, errorOf, waitForMail, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import {
  expectSound,
  purchaseAdmin,
  purchaseDetail,
  type PurchaseAdmin,
} from '../../helpers/purchase-admins.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';
import {
  lossEvents,
  lossesSeenBy,
  lossSeenBy,
  METRICS_TOKEN,
  metricsOf,
  refundedWhilePendingIn,
  sample,
} from '../../helpers/provider-losses.ts';

describeEachDatabase('a purchase VTpass delivers after we refunded it: the loss found', (kind) => {
  let t: TestApp;
  let maker: PurchaseAdmin;
  let checker: PurchaseAdmin;

  const metrics = () => metricsOf(t);
  const lossesNow = () => lossesSeenBy(maker.client);
  const lossOf = (purchaseId: string) => lossSeenBy(maker.client, purchaseId);
  const eventsOf = (type: string, lossId: string) => lossEvents(t, type, lossId);
  const detailOf = (id: string) => purchaseDetail(maker.client, id);
  const sound = () => expectSound(t);
  const refundedWhilePending = (customer: { client: TestClient }, amount: string) =>
    refundedWhilePendingIn(t, { maker, checker }, customer, amount);

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { metricsToken: METRICS_TOKEN } });
    maker = await purchaseAdmin(t);
    checker = await purchaseAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is flagged at once with what VTpass took, told to every admin, counted and noted; a write-off books it', async () => {
    const { client, userId, email } = await fundedCustomer(t, 100_000);
    const purchase = await refundedWhilePending({ client }, '60000');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000_000);
    expect((await lossesNow()).open).toEqual({ count: 0, amountKobo: 0 });

    // twenty seconds later VTpass delivers it and calls back
    await resolvePending(t, purchase);
    const loss = await lossOf(purchase.id);
    expect(loss).toMatchObject({
      purchaseId: purchase.id,
      purchase: { serviceName: 'MTN Airtime', recipient: '201000000000', amountKobo: 6_000_000 },
      customer: { id: userId, email },
      refundedKobo: 6_000_000,
      // VTpass's total_amount: ₦60,000 less its 3 % commission
      amountKobo: 5_820_000,
      detectedBy: 'callback',
      status: 'open',
      resolvedBy: null,
      pendingRecovery: null,
    });
    expect((await lossesNow()).open).toEqual({ count: 1, amountKobo: 5_820_000 });

    const events = (await detailOf(purchase.id)).events;
    // the callback about a refunded purchase leaves no line of its own: what its check found is the line
    expect(events.filter((event) => event.kind === 'provider.callback')).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      kind: 'provider.requery',
      outcome: 'delivered',
      note: 'VTpass delivered this after it was refunded: a provider-side loss of ₦58,200.00',
    });
    expect(lossNote(kobo(5_820_000))).toBe(events.at(-1)?.note);
    for (const admin of [maker, checker]) {
      const mail = await waitForMail(t.app, admin.email, /Provider-side loss/);
      expect(mail.subject).toBe('Provider-side loss: VTpass delivered a refunded purchase (₦58,200.00)');
      expect(mail.text).toContain('MTN Airtime to 201000000000, bought for ₦60,000.00 (purchase ');
      expect(mail.text).toContain('VTpass took ₦58,200.00 from the float');
      expect(mail.text).toContain('http://localhost:3000/admin/reconciliation');
    }
    const scraped = await metrics();
    expect(sample(scraped, 'quickvend_provider_losses_total')).toBe(1);
    expect(sample(scraped, 'quickvend_provider_losses_kobo_total')).toBe(5_820_000);

    // asked again (another callback, the daily reconciliation): the same loss, told once
    const again = await t.container.providerLosses.checkRefundedPurchase(purchase.id, 'reconciliation');
    expect(again?.id).toBe(loss.id);
    expect(sample(await metrics(), 'quickvend_provider_losses_total')).toBe(1);
    expect(await eventsOf('provider-loss.found', loss.id)).toEqual([{ published: true }]);
    // the customer keeps the refund until an admin decides
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000_000);

    const noReason = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, {
      reason: 'no',
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toBe(say.reasonRequired);
    const reason = 'The customer is a long-standing one; we bear this.';
    const written = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, { reason });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json<WriteOffProviderLossResponse>()).toMatchObject({
      message: say.writtenOff,
      loss: { id: loss.id, status: 'written_off', resolvedBy: maker.email, note: reason },
    });
    const moved = await t.container.ledger.movementsByReference([`provider-loss:${loss.id}:write-off`]);
    expect(Object.fromEntries(moved.get(`provider-loss:${loss.id}:write-off`) ?? [])).toEqual({
      'expense:provider-losses': -5_820_000,
      'provider:vtpass': 5_820_000,
    });
    expect(await t.container.audit.list({ targetType: 'provider_loss', targetId: loss.id })).toMatchObject([
      {
        action: 'provider_loss.write_off',
        actorId: maker.actor.id,
        reason,
        after: { status: 'written_off', amountKobo: 5_820_000 },
      },
    ]);
    expect((await lossesNow()).open).toEqual({ count: 0, amountKobo: 0 });

    for (const action of ['write-off', 'recover']) {
      const twice = await checker.client.post(`/api/v1/admin/provider-losses/${loss.id}/${action}`, {
        reason: 'Once more, to be sure.',
      });
      expect(twice.statusCode, action).toBe(409);
      expect(errorOf(twice).message).toBe(say.alreadyResolved);
    }
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000_000);
    await sound();
  });

  it('is not flagged for a refunded purchase VTpass did not deliver, nor for one it delivered that we did not refund', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase: failed } = await buy(client, { serviceId: 'mtn', phone: '08099999999', amount: '100' });
    expect(failed?.status).toBe('failed');
    const { purchase: delivered } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(delivered?.status).toBe('delivered');
    for (const purchase of [failed, delivered] as Purchase[]) {
      expect(
        await t.container.providerLosses.checkRefundedPurchase(purchase.id, 'reconciliation'),
      ).toBeNull();
    }
    expect((await lossesNow()).losses.map((loss) => loss.purchaseId)).not.toContain(failed?.id);
  });

  it('is logged at warn level with the purchase and the amounts', async () => {
    const warn = vi.fn();
    const log = { warn, error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const { container } = t;
    const losses = createProviderLosses({
      db: container.db,
      ledger: container.ledger,
      approvals: container.approvals,
      audit: container.audit,
      clock: systemClock,
      log,
      appUrl: 'http://localhost:3000',
      purchases: container.purchases,
      askProvider: createPurchaseChecks({ db: container.db, provider: container.billsProvider, log }).ask,
      people: { findUsersByIds: container.auth.findUsersByIds },
    });
    const { client, userId } = await fundedCustomer(t, 1_000);
    const purchase = await refundedWhilePending({ client }, '200');
    expect(await t.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(
      true,
    );
    const loss = await losses.checkRefundedPurchase(purchase.id, 'reconciliation');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      {
        purchaseId: purchase.id,
        userId,
        lossId: loss?.id,
        refundedKobo: 20_000,
        amountKobo: 19_400,
        detectedBy: 'reconciliation',
      },
      'provider-side loss: VTpass delivered a purchase we had refunded',
    );
  });

  it('is only for admins', async () => {
    const { client } = await fundedCustomer(t, 0);
    expect((await client.get('/api/v1/admin/provider-losses')).statusCode).toBe(403);
  });
});
