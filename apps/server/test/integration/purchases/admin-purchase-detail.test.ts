import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  purchaseAdminMessages as say,
  type PurchaseActionResponse,
} from '@quickvend/shared/api/admin-purchases';
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

describeEachDatabase('what an admin sees of one purchase, and asks VTpass again', (kind) => {
  let t: TestApp;
  let maker: PurchaseAdmin;

  const detailOf = (id: string) => purchaseDetail(maker.client, id);
  const stuckPurchase = (phone?: string) => stuckPurchaseIn(t, phone);
  const auditOf = (targetId: string) => purchaseAudit(t, targetId);
  const sound = () => expectSound(t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    maker = await purchaseAdmin(t);
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
});
