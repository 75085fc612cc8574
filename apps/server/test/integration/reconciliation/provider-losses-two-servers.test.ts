import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundPurchaseResponse } from '@quickvend/shared/api/admin-purchases';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { databaseKinds, openTestDatabase } from '../../helpers/database.ts';
import { purchaseAdmin } from '../../helpers/purchase-admins.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';
import { METRICS_TOKEN, metricsOf, sample } from '../../helpers/provider-losses.ts';

// PGlite is one process's embedded database: only PostgreSQL has two server processes sharing one database
for (const kind of databaseKinds.filter((k) => k === 'postgres')) {
  describe(`two servers on one database [${kind}]`, () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    const adminOn = purchaseAdmin;
    const scrape = async (app: TestApp) =>
      sample(await metricsOf(app), 'quickvend_provider_losses_total') ?? 0;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      a = await createTestApp(kind, { database, config: { metricsToken: METRICS_TOKEN } });
      b = await createTestApp(kind, { database, config: { metricsToken: METRICS_TOKEN } });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await database.close();
    });

    it('refund one request, flag one loss, resolve it once, whichever server each admin is on', async () => {
      const [onA, onB, checker] = [await adminOn(a), await adminOn(b), await adminOn(a)];
      const { client, userId } = await fundedCustomer(a, 2_000);
      const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '1000' });
      if (!purchase) throw new Error('no purchase');
      const asked = await Promise.all(
        [onA, onB].map(({ client: admin }) =>
          admin.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
            reason: 'Nothing arrived, says she.',
          }),
        ),
      );
      const ids = new Set(asked.map((answer) => answer.json<RefundPurchaseResponse>().approval?.id));
      expect(ids.size).toBe(1);
      const [approvalId = ''] = [...ids];
      await a.container.approvals.approve(approvalId, checker.actor);
      expect(await a.container.ledger.getWalletBalance(userId)).toBe(200_000);

      expect(await a.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(
        true,
      );
      const found = await Promise.all(
        [a, b, a, b, a, b].map((app) =>
          app.container.providerLosses.checkRefundedPurchase(purchase.id, 'requery'),
        ),
      );
      expect(new Set(found.map((loss) => loss?.id)).size).toBe(1);
      expect((await scrape(a)) + (await scrape(b))).toBe(1);
      const lossId = found[0]?.id ?? '';

      const recovery = await a.container.providerLosses.requestRecovery(lossId, 'She has both.', onA.actor);
      const [recovered, written] = await Promise.allSettled([
        a.container.approvals.approve(recovery.approval.id, checker.actor),
        b.container.providerLosses.writeOff(lossId, 'We bear it this once.', onB.actor),
      ]);
      expect([recovered.status, written.status].filter((status) => status === 'fulfilled')).toHaveLength(1);
      const references = [...(await a.container.ledger.referencesStartingWith(`provider-loss:${lossId}:`))];
      expect(references).toHaveLength(1);
      expect(await a.container.ledger.getWalletBalance(userId)).toBe(
        recovered.status === 'fulfilled' ? 100_000 : 200_000,
      );
      expect((await a.container.ledger.verify()).problems).toEqual([]);
      expect(await a.container.purchases.verify()).toEqual([]);
    });
  });
}
