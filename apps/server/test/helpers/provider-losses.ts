import { expect, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  purchaseAdminMessages as sayPurchase,
  type RefundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import type { ProviderLoss, ProviderLossesResponse } from '@quickvend/shared/api/provider-losses';
import { queryRows } from '../../src/db/client.ts';
import type { TestApp, TestClient } from './app.ts';
import type { PurchaseAdmin } from './purchase-admins.ts';
import { buy } from './purchases.ts';

/** Made into test apps (`config: { metricsToken: METRICS_TOKEN }`) so that `/metrics` can be scraped. */
export const METRICS_TOKEN = 'scrape-provider-losses-7c1e9a4b2d6f8e0a3c5b';

/** The value of an unlabelled sample in Prometheus text; undefined when there is none. */
export const sample = (text: string, name: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

export const metricsOf = async (t: TestApp) =>
  (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

/** The provider-side losses as `admin` sees them in the back office. */
export async function lossesSeenBy(admin: TestClient): Promise<ProviderLossesResponse> {
  const response = await admin.get('/api/v1/admin/provider-losses');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProviderLossesResponse>();
}

/** The loss flagged on a purchase, waited for: it is flagged just after the callback is answered. */
export const lossSeenBy = async (admin: TestClient, purchaseId: string): Promise<ProviderLoss> =>
  vi.waitFor(
    async () => {
      const loss = (await lossesSeenBy(admin)).losses.find(
        (candidate) => candidate.purchaseId === purchaseId,
      );
      if (!loss) throw new Error(`no loss for ${purchaseId} yet`);
      return loss;
    },
    { timeout: 10_000, interval: 50 },
  );

/** The loss's event of `type`, with whether it was published: recorded with the change, once. */
export async function lossEvents(t: TestApp, type: string, lossId: string) {
  await t.container.events.drain();
  return queryRows<{ published: boolean }>(
    t.container.db,
    sql`select published_at is not null as published from domain_events where id = ${`${type}:${lossId}`}`,
  );
}

/** A purchase VTpass holds pending, refunded on `maker`'s word with `checker`'s approval. */
export async function refundedWhilePendingIn(
  t: TestApp,
  admins: { maker: PurchaseAdmin; checker: PurchaseAdmin },
  customer: { client: TestClient },
  amount: string,
) {
  const { maker, checker } = admins;
  const { purchase } = await buy(customer.client, { serviceId: 'mtn', phone: '201000000000', amount });
  if (!purchase) throw new Error('no purchase');
  expect(purchase.status).toBe('pending');
  const asked = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
    reason: 'The customer says nothing arrived after an hour.',
  });
  const answer = asked.json<RefundPurchaseResponse>();
  expect(answer).toMatchObject({ outcome: 'awaiting_approval', message: sayPurchase.refundRequested });
  const approvalId = answer.approval?.id ?? '';
  await expect(t.container.approvals.approve(approvalId, maker.actor)).rejects.toMatchObject({
    code: 'FORBIDDEN',
  });
  await t.container.approvals.approve(approvalId, checker.actor, 'VTpass support has no record of it.');
  return purchase;
}
