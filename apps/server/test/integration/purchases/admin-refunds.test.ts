import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  purchaseAdminMessages as say,
  type RefundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { createTestApp, errorOf, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import {
  purchaseAdmin,
  type PurchaseAdmin,
  purchaseDetail,
  stuckPurchaseIn,
  purchaseAudit,
  expectSound,
} from '../../helpers/purchase-admins.ts';

describeEachDatabase('how an admin refunds one purchase', (kind) => {
  let t: TestApp;
  let maker: PurchaseAdmin;
  let checker: PurchaseAdmin;

  const detailOf = (id: string) => purchaseDetail(maker.client, id);
  const stuckPurchase = (phone?: string) => stuckPurchaseIn(t, phone);
  const auditOf = (targetId: string) => purchaseAudit(t, targetId);
  const sound = () => expectSound(t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    maker = await purchaseAdmin(t);
    checker = await purchaseAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refunds a purchase VTpass still calls pending only when a second admin approves, once, with the reason audited', async () => {
    const { purchase, userId, client } = await stuckPurchase();
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    const noReason = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toBe(say.refundReasonRequired);

    const reason = 'VTpass support confirmed it never reached MTN.';
    const asked = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, { reason });
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = asked.json<RefundPurchaseResponse>();
    expect(waiting).toMatchObject({
      outcome: 'awaiting_approval',
      message: say.refundRequested,
      purchase: { status: 'pending', stage: 'pending' },
      approval: { status: 'pending' },
    });
    // VTpass was asked first, and the money has not moved
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    const detail = await detailOf(purchase.id);
    expect(detail.events.slice(-2)).toMatchObject([
      { kind: 'provider.requery', outcome: 'pending' },
      { kind: 'admin.refund', outcome: 'requested', note: reason, actor: maker.email },
    ]);
    expect(detail.pendingRefund).toMatchObject({
      approvalId: waiting.approval?.id,
      requestedBy: maker.email,
      reason,
    });
    const again = await checker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
      reason: 'Refund it, the customer is waiting.',
    });
    expect(again.json<RefundPurchaseResponse>()).toMatchObject({
      outcome: 'awaiting_approval',
      message: say.refundAwaitingApproval,
      approval: { id: waiting.approval?.id },
    });
    const approvalId = waiting.approval?.id ?? '';
    expect(await t.container.approvals.get(approvalId)).toMatchObject({
      kind: 'purchase.refund',
      targetId: purchase.id,
      amountKobo: 10_000,
      payload: { userId, reason },
    });
    await expect(t.container.approvals.approve(approvalId, maker.actor)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);

    await t.container.approvals.approve(approvalId, checker.actor, 'Checked with VTpass support.');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    const seen = (await client.get(`/api/v1/purchases/${purchase.requestId}`)).json<{ purchase: Purchase }>();
    expect(seen.purchase).toMatchObject({ status: 'failed', message: say.refundedForCustomer });
    expect(await auditOf(purchase.id)).toMatchObject([
      {
        action: 'purchase.refund',
        actorId: checker.actor.id,
        reason,
        before: { status: 'pending' },
        after: { status: 'failed', approvalId },
      },
    ]);
    const done = await detailOf(purchase.id);
    expect(done.pendingRefund).toBeNull();
    expect(done.events.at(-1)).toMatchObject({
      kind: 'admin.refund',
      outcome: 'failed',
      note: reason,
      actor: checker.email,
    });

    for (const [action, body] of [
      ['refund', { reason }],
      ['requery', {}],
      ['deliver', { evidence: 'VTpass says it was delivered.' }],
    ] as const) {
      const refused = await checker.client.post(`/api/v1/admin/purchases/${purchase.id}/${action}`, body);
      expect(refused.statusCode, action).toBe(409);
      expect(errorOf(refused).message).toBe(say.alreadyRefunded);
    }
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    expect(await auditOf(purchase.id)).toHaveLength(1);
    await sound();
  });

  it('a small refund of a purchase VTpass calls failed goes through alone, on its word', async () => {
    const { purchase, userId } = await stuckPurchase();
    // VTpass reversed it, and has not called back
    expect(await t.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'reversed' })).toBe(
      true,
    );
    const reason = 'The customer asked for the money back.';
    const refunded = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, { reason });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<RefundPurchaseResponse>()).toMatchObject({
      outcome: 'refunded',
      message: say.refundedOnProviderWord,
      approval: null,
      purchase: { status: 'failed', stage: 'failed' },
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    expect(await t.container.approvals.list({ targetId: purchase.id })).toEqual([]);
    expect(await auditOf(purchase.id)).toMatchObject([
      {
        action: 'purchase.refund',
        actorId: maker.actor.id,
        reason,
        after: { status: 'failed', answer: 'failed', refundedKobo: 10_000 },
      },
    ]);
    expect((await detailOf(purchase.id)).events.slice(-2)).toMatchObject([
      { kind: 'provider.requery', outcome: 'failed' },
      { kind: 'admin.refund', outcome: 'failed', note: reason, actor: maker.email },
    ]);
    await sound();
  });

  it('a refund VTpass answers delivered settles the purchase: nothing to refund', async () => {
    // VTpass answered this one with an error page; asked again, it says delivered
    const { purchase, userId } = await stuckPurchase('500000000000');
    const asked = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
      reason: 'The customer says nothing arrived.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<RefundPurchaseResponse>()).toMatchObject({
      outcome: 'delivered',
      message: say.refundFoundDelivered,
      approval: null,
      purchase: { status: 'delivered', stage: 'delivered' },
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    expect(await t.container.approvals.list({ targetId: purchase.id })).toEqual([]);
    expect((await detailOf(purchase.id)).events.at(-1)).toMatchObject({
      kind: 'admin.refund',
      outcome: 'delivered',
      note: say.refundFoundDelivered,
      actor: maker.email,
    });
    await sound();
  });

  it('no admin refunds or marks delivered a purchase of their own', async () => {
    const { purchase, userId, email } = await stuckPurchase();
    // the buyer is an admin too
    await t.container.auth.setRole(userId, 'admin');
    const own = { id: userId, label: email };
    await expect(
      t.container.purchases.admin.refund(purchase.id, 'My own purchase, refund it.', own),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      t.container.purchases.admin.requestDelivery(purchase.id, { evidence: 'It arrived, trust me.' }, own),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await t.container.approvals.list({ targetId: purchase.id })).toEqual([]);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    await t.container.auth.setRole(userId, 'user');
  });
});
