import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  providerLossMessages as say,
  type RecoverProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import type { Notification } from '@quickvend/shared/api/notifications';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { expectSound, purchaseAdmin, type PurchaseAdmin } from '../../helpers/purchase-admins.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';
import {
  lossEvents,
  lossSeenBy,
  METRICS_TOKEN,
  metricsOf,
  refundedWhilePendingIn,
  sample,
} from '../../helpers/provider-losses.ts';

describeEachDatabase('a purchase VTpass delivers after we refunded it: the loss resolved', (kind) => {
  let t: TestApp;
  let maker: PurchaseAdmin;
  let checker: PurchaseAdmin;

  const metrics = () => metricsOf(t);
  const lossOf = (purchaseId: string) => lossSeenBy(maker.client, purchaseId);
  const eventsOf = (type: string, lossId: string) => lossEvents(t, type, lossId);
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

  it('is recovered from the customer only when a second admin approves, and only from what the wallet holds', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const purchase = await refundedWhilePending({ client }, '1000');
    await resolvePending(t, purchase);
    const loss = await lossOf(purchase.id);
    expect(loss).toMatchObject({ refundedKobo: 100_000, amountKobo: 97_000, status: 'open' });
    // the customer spends most of the refund meanwhile
    const { purchase: spent } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '600' });
    expect(spent?.status).toBe('delivered');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(40_000);

    const reason = 'VTpass delivered it: the customer has the airtime and the refund.';
    const asked = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/recover`, { reason });
    expect(asked.statusCode, asked.body).toBe(201);
    const { approval, message } = asked.json<RecoverProviderLossResponse>();
    expect(message).toBe(say.recoveryRequested);
    const twice = await checker.client.post(`/api/v1/admin/provider-losses/${loss.id}/recover`, { reason });
    expect(twice.json<RecoverProviderLossResponse>()).toMatchObject({
      approval: { id: approval.id },
      message: say.recoveryAwaitingApproval,
    });
    expect((await lossOf(purchase.id)).pendingRecovery).toMatchObject({
      approvalId: approval.id,
      requestedBy: maker.email,
    });
    expect(await t.container.approvals.get(approval.id)).toMatchObject({
      kind: 'provider_loss.recover',
      amountKobo: 100_000,
      payload: { userId, purchaseId: purchase.id },
    });

    await expect(t.container.approvals.approve(approval.id, maker.actor)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.container.approvals.approve(approval.id, checker.actor)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: say.walletTooLow('₦1,000.00', '₦400.00'),
    });
    expect((await t.container.approvals.get(approval.id)).status).toBe('pending');
    expect((await lossOf(purchase.id)).status).toBe('open');
    expect(await eventsOf('provider-loss.recovered', loss.id)).toEqual([]);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(40_000);

    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(60_000),
      reason: 'test funds',
      actor: 'test',
    });
    await t.container.approvals.approve(approval.id, checker.actor, 'Checked the VTpass receipt.');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
    expect(await lossOf(purchase.id)).toMatchObject({
      status: 'recovered',
      resolvedBy: checker.email,
      note: reason,
      pendingRecovery: null,
    });
    expect(await eventsOf('provider-loss.recovered', loss.id)).toEqual([{ published: true }]);
    const moved = await t.container.ledger.movementsByReference([`provider-loss:${loss.id}:recover`]);
    expect(Object.fromEntries(moved.get(`provider-loss:${loss.id}:recover`) ?? [])).toEqual({
      wallet: -100_000,
      'provider:vtpass': 97_000,
      'income:margin': 3_000,
    });
    const notice = await vi.waitFor(
      async () => {
        const { notifications } = (await client.get('/api/v1/notifications')).json<{
          notifications: Notification[];
        }>();
        const found = notifications.find(
          (n) => n.title === 'MTN Airtime was delivered: ₦1,000.00 taken back',
        );
        if (!found) throw new Error('no notice yet');
        return found;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(notice.body).toBe(
      'We refunded the ₦1,000.00 you paid for MTN Airtime to 201000000000 when the provider had not confirmed it, but it was delivered after all. So the ₦1,000.00 refund has been taken back from your wallet. If you did not receive it, contact support.',
    );
    const writeOff = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, {
      reason: 'Too late: it is recovered.',
    });
    expect(writeOff.statusCode).toBe(409);
    await sound();
  });

  it('no admin resolves a loss on their own account', async () => {
    const customer = await fundedCustomer(t, 1_000);
    const purchase = await refundedWhilePending(customer, '500');
    await resolvePending(t, purchase);
    const loss = await lossOf(purchase.id);
    await t.container.auth.setRole(customer.userId, 'admin');
    const own = { id: customer.userId, label: customer.email };
    await expect(
      t.container.providerLosses.writeOff(loss.id, 'My own loss, gone.', own),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      t.container.providerLosses.requestRecovery(loss.id, 'My own loss, take it.', own),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await lossOf(purchase.id)).status).toBe('open');
    await t.container.auth.setRole(customer.userId, 'user');
  });

  it('is flagged once and resolved once when everyone acts at the same moment', async () => {
    const counted = sample(await metrics(), 'quickvend_provider_losses_total') ?? 0;
    const { client, userId } = await fundedCustomer(t, 2_000);
    const purchase = await refundedWhilePending({ client }, '1000');
    // VTpass delivers it silently: the daily reconciliation, a requery and a retried callback all ask at once
    expect(await t.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(
      true,
    );
    const found = await Promise.all(
      (['reconciliation', 'requery', 'callback', 'reconciliation', 'requery', 'callback'] as const).map(
        (source) => t.container.providerLosses.checkRefundedPurchase(purchase.id, source),
      ),
    );
    expect(new Set(found.map((loss) => loss?.id)).size).toBe(1);
    expect(sample(await metrics(), 'quickvend_provider_losses_total')).toBe(counted + 1);
    const loss = await lossOf(purchase.id);

    const asked = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/recover`, {
      reason: 'The customer has both the airtime and the refund.',
    });
    const { approval } = asked.json<RecoverProviderLossResponse>();
    const [recovered, written] = await Promise.allSettled([
      t.container.approvals.approve(approval.id, checker.actor),
      maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, {
        reason: 'We bear it: the customer is a good one.',
      }),
    ]);
    const didRecover = recovered.status === 'fulfilled';
    const didWriteOff = written.status === 'fulfilled' && written.value.statusCode === 200;
    expect(didRecover !== didWriteOff).toBe(true);
    const references = [...(await t.container.ledger.referencesStartingWith(`provider-loss:${loss.id}:`))];
    expect(references).toEqual([`provider-loss:${loss.id}:${didRecover ? 'recover' : 'write-off'}`]);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(didRecover ? 100_000 : 200_000);
    expect((await lossOf(purchase.id)).status).toBe(didRecover ? 'recovered' : 'written_off');
    await sound();
  });
});
