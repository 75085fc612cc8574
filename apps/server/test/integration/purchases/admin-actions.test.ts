import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  purchaseAdminMessages as say,
  type AdminPurchaseDetail,
  type PurchaseActionResponse,
  type RefundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import type { Purchase } from '@quickvend/shared/api/purchases';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';

describeEachDatabase('what an admin does to one purchase', (kind) => {
  let t: TestApp;
  let maker: { client: TestClient; actor: Actor; email: string };
  let checker: { client: TestClient; actor: Actor; email: string };

  const anAdmin = async () => {
    const made = await signUp(t.app);
    await t.container.auth.setRole(made.userId, 'admin');
    return { client: made.client, email: made.email, actor: { id: made.userId, label: made.email } };
  };
  const detailOf = async (id: string) => {
    const response = await maker.client.get(`/api/v1/admin/purchases/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminPurchaseDetail>();
  };
  const stuckPurchase = async (phone = '201000000000') => {
    const customer = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, { serviceId: 'mtn', phone, amount: '100' });
    if (!purchase) throw new Error('no purchase');
    expect(purchase.status).toBe('pending');
    return { ...customer, purchase };
  };
  const auditOf = (targetId: string) => t.container.audit.list({ targetType: 'purchase', targetId });
  const sound = async () => {
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    maker = await anAdmin();
    checker = await anAdmin();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the customer, the money and a timeline of every call and callback, keys removed', async () => {
    const { purchase, userId, email, client } = await stuckPurchase();
    const callback = await fetch(`${t.selfUrl}/webhooks/vtpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'transaction-update',
        data: { requestId: purchase.providerRequestId, status: 'pending', 'api-key': 'leaked-key' },
      }),
    });
    expect(callback.status).toBe(200);
    // the callback makes the requery job ask VTpass again
    const detail = await vi.waitFor(
      async () => {
        const seen = await detailOf(purchase.id);
        expect(seen.events.map((event) => event.kind)).toEqual([
          'provider.purchase',
          'provider.callback',
          'provider.requery',
        ]);
        return seen;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(detail.purchase).toMatchObject({
      id: purchase.id,
      buyer: { id: userId, email },
      stage: 'pending',
      chargedKobo: 10_000,
      costKobo: null,
      marginKobo: null,
      isStuck: false,
    });
    const [asked, calledBack, requeried] = detail.events;
    expect(asked).toMatchObject({ outcome: 'pending', code: '099', actor: null });
    expect(asked?.raw).toMatchObject({ code: '099', requestId: purchase.providerRequestId });
    expect(calledBack?.raw).toEqual({
      type: 'transaction-update',
      data: { requestId: purchase.providerRequestId, status: 'pending', 'api-key': '[removed]' },
    });
    expect(requeried).toMatchObject({ outcome: 'pending' });
    expect(JSON.stringify(detail)).not.toContain('leaked-key');
    expect(detail.pendingDelivery).toBeNull();

    expect((await client.get(`/api/v1/admin/purchases/${purchase.id}`)).statusCode).toBe(403);
    const unknown = await maker.client.get('/api/v1/admin/purchases/pur_nothing');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(say.notFound);
  });

  it('requery now asks VTpass and applies its answer, audited and on the timeline', async () => {
    // VTpass answered this one with an error page: unknown until asked again, when it says delivered
    const { purchase, userId } = await stuckPurchase('500000000000');
    const first = await detailOf(purchase.id);
    expect(first.events[0]).toMatchObject({ kind: 'provider.purchase', outcome: 'pending' });
    expect(first.events[0]?.raw).toMatchObject({ error: expect.stringContaining('not JSON') as unknown });

    const response = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/requery`);
    expect(response.statusCode, response.body).toBe(200);
    const { purchase: after, message } = response.json<PurchaseActionResponse>();
    expect(message).toBe(say.requeried.delivered);
    expect(after).toMatchObject({ status: 'delivered', stage: 'delivered' });
    expect(after.marginKobo).toBe(after.chargedKobo - (after.costKobo ?? after.chargedKobo));
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);

    const events = (await detailOf(purchase.id)).events;
    expect(events.slice(-2)).toMatchObject([
      { kind: 'provider.requery', outcome: 'delivered', raw: { code: '000' } },
      { kind: 'admin.requery', outcome: 'delivered', actor: maker.email },
    ]);
    expect(await auditOf(purchase.id)).toMatchObject([
      {
        action: 'purchase.requery',
        actorId: maker.actor.id,
        before: { status: 'pending' },
        after: { status: 'delivered', answer: 'delivered' },
      },
    ]);

    const again = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/requery`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(say.alreadyDelivered);
    await sound();
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

  it('marks a purchase delivered only when a second admin approves, and once', async () => {
    const { purchase, userId, client } = await stuckPurchase();
    const url = `/api/v1/admin/purchases/${purchase.id}/deliver`;
    const noEvidence = await maker.client.post(url, { evidence: 'ok' });
    expect(noEvidence.statusCode).toBe(400);
    expect(errorOf(noEvidence).message).toBe(say.evidenceRequired);

    const evidence = 'The customer confirmed the airtime arrived; VTpass ticket 4411.';
    const asked = await maker.client.post(url, { evidence, providerReference: 'VT-4411' });
    expect(asked.statusCode, asked.body).toBe(201);
    const { approval, message } = asked.json<{ approval: { id: string; status: string }; message: string }>();
    expect(message).toBe(say.deliveryRequested);
    expect(approval.status).toBe('pending');
    const twice = await checker.client.post(url, { evidence });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(say.deliveryAwaitingApproval);

    const waiting = await detailOf(purchase.id);
    expect(waiting.purchase.stage).toBe('pending');
    expect(waiting.pendingDelivery).toMatchObject({
      approvalId: approval.id,
      requestedBy: maker.email,
      evidence,
    });
    expect(waiting.events.at(-1)).toMatchObject({
      kind: 'admin.deliver',
      outcome: 'requested',
      note: evidence,
    });

    await expect(t.container.approvals.approve(approval.id, maker.actor)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await detailOf(purchase.id)).purchase.stage).toBe('pending');

    await t.container.approvals.approve(approval.id, checker.actor, 'Checked the ticket.');
    const done = await detailOf(purchase.id);
    expect(done.purchase).toMatchObject({
      stage: 'delivered',
      transactionId: 'VT-4411',
      message: say.deliveredForCustomer,
      marginKobo: 0,
    });
    expect(done.pendingDelivery).toBeNull();
    expect(done.events.at(-1)).toMatchObject({
      kind: 'admin.deliver',
      outcome: 'delivered',
      actor: checker.email,
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    const references = await t.container.ledger.referencesStartingWith(`purchase:${purchase.id}:`);
    expect([...references].sort()).toEqual([
      `purchase:${purchase.id}:hold`,
      `purchase:${purchase.id}:settle`,
    ]);
    expect(await auditOf(purchase.id)).toMatchObject([
      {
        action: 'purchase.deliver',
        actorId: checker.actor.id,
        reason: evidence,
        after: { status: 'delivered' },
      },
    ]);
    const seen = (await client.get(`/api/v1/purchases/${purchase.requestId}`)).json<{ purchase: Purchase }>();
    expect(seen.purchase.status).toBe('delivered');
    await sound();
  });

  it('a request to deliver a purchase refunded meanwhile is closed by the system, and does nothing', async () => {
    const { purchase, userId } = await stuckPurchase();
    const asked = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/deliver`, {
      evidence: 'Customer says it arrived.',
    });
    const { approval } = asked.json<{ approval: { id: string } }>();
    const refund = await checker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
      reason: 'It never arrived after all.',
    });
    const refundId = refund.json<RefundPurchaseResponse>().approval?.id ?? '';
    await t.container.approvals.approve(refundId, maker.actor);
    await vi.waitFor(
      async () => {
        expect(await t.container.approvals.get(approval.id)).toMatchObject({
          status: 'closed',
          decisionNote: 'The purchase is already refunded.',
        });
      },
      { timeout: 5_000, interval: 20 },
    );
    await expect(t.container.approvals.approve(approval.id, checker.actor)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    await sound();
  });

  it('a purchase that becomes final by itself closes the requests still waiting about it', async () => {
    const { purchase, userId } = await stuckPurchase();
    const deliver = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/deliver`, {
      evidence: 'Customer says it arrived.',
    });
    const refund = await checker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
      reason: 'The customer wants the money back.',
    });
    const ids = [
      deliver.json<{ approval: { id: string } }>().approval.id,
      refund.json<RefundPurchaseResponse>().approval?.id ?? '',
    ];
    await resolvePending(t, purchase);
    await vi.waitFor(
      async () => {
        for (const id of ids) {
          expect(await t.container.approvals.get(id)).toMatchObject({
            status: 'closed',
            decidedBy: null,
            decisionNote: 'The purchase is already delivered.',
          });
        }
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    await sound();
  });
});
