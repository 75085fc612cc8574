import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  purchaseAdminMessages as say,
  type RefundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

// On PostgreSQL these really race; PGlite serialises them, so there the same checks hold trivially.
describeEachDatabase('admin actions on one purchase at the same moment', (kind) => {
  let t: TestApp;
  const admins: { client: TestClient; actor: Actor }[] = [];

  const stuckPurchase = async (phone = '201000000000') => {
    const customer = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, { serviceId: 'mtn', phone, amount: '100' });
    if (!purchase) throw new Error('no purchase');
    expect(purchase.status).toBe('pending');
    return { ...customer, purchase };
  };
  const adminAt = (i: number) => {
    const admin = admins[i % admins.length];
    if (!admin) throw new Error('no admins');
    return admin;
  };
  /** Which of hold, settle and refund the ledger has for the purchase. */
  const entriesOf = async (id: string) =>
    [...(await t.container.ledger.referencesStartingWith(`purchase:${id}:`))]
      .map((reference) => reference.split(':')[2])
      .sort();
  const sound = async () => {
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { providerTimeoutMs: 30_000 });
    for (let i = 0; i < 4; i += 1) {
      const made = await signUp(t.app);
      await t.container.auth.setRole(made.userId, 'admin');
      admins.push({ client: made.client, actor: { id: made.userId, label: made.email } });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('ten admins pressing "requery now" together settle the purchase once', async () => {
    const { purchase, userId } = await stuckPurchase('500000000000');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        adminAt(i).client.post(`/api/v1/admin/purchases/${purchase.id}/requery`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(errorOf(answer).message).toBe(say.alreadyDelivered);
    }
    expect(await entriesOf(purchase.id)).toEqual(['hold', 'settle']);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
    await sound();
  });

  it('ten refunds at once make one request for a second admin, and two approvals at once refund once', async () => {
    const { purchase, userId } = await stuckPurchase();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        adminAt(i).client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
          reason: `Refund number ${String(i)}: VTpass never delivered it.`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(10).fill(200));
    const ids = new Set(answers.map((answer) => answer.json<RefundPurchaseResponse>().approval?.id));
    expect(ids.size).toBe(1);
    const [approvalId = ''] = [...ids];
    const maker = (await t.container.approvals.get(approvalId)).requestedBy;
    const checkers = admins.filter((admin) => admin.actor.id !== maker).slice(0, 2);
    const decided = await Promise.allSettled(
      checkers.map((checker) => t.container.approvals.approve(approvalId, checker.actor)),
    );
    expect(decided.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await entriesOf(purchase.id)).toEqual(['hold', 'refund']);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
    const audited = await t.container.audit.list({ targetType: 'purchase', targetId: purchase.id });
    expect(audited.map((record) => record.action)).toEqual(['purchase.refund']);
    await sound();
  });

  it('an approved refund and an approved delivery racing: one wins, the money moves once', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const { purchase, userId } = await stuckPurchase();
      const [maker, checker, refunder, refundChecker] = admins;
      if (!maker || !checker || !refunder || !refundChecker) throw new Error('admins missing');
      const asked = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/deliver`, {
        evidence: 'The customer sent a screenshot of the credit.',
      });
      const { approval } = asked.json<{ approval: { id: string } }>();
      const refund = await refunder.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
        reason: 'No airtime arrived, says the customer.',
      });
      const refundId = refund.json<RefundPurchaseResponse>().approval?.id ?? '';
      const [approved, refunded] = await Promise.allSettled([
        t.container.approvals.approve(approval.id, checker.actor),
        t.container.approvals.approve(refundId, refundChecker.actor),
      ]);
      const didDeliver = approved.status === 'fulfilled';
      const didRefund = refunded.status === 'fulfilled';
      expect(didRefund !== didDeliver, `round ${String(round)}`).toBe(true);
      const loser = didDeliver ? refunded : approved;
      expect(loser.status === 'rejected' && (loser.reason as { code?: string }).code).toBe('CONFLICT');
      if (didDeliver) {
        expect(await entriesOf(purchase.id)).toEqual(['hold', 'settle']);
        expect(await t.container.ledger.getWalletBalance(userId)).toBe(90_000);
        outcomes.push('delivered');
      } else {
        expect(await entriesOf(purchase.id)).toEqual(['hold', 'refund']);
        expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);
        outcomes.push('refunded');
      }
    }
    expect(outcomes).toHaveLength(6);
    await sound();
  });
});
