import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
import { resolvePending } from '../../helpers/purchases.ts';

describeEachDatabase('how an admin marks one purchase delivered', (kind) => {
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
