import { expect } from 'vitest';
import type { AdminPurchaseDetail } from '@quickvend/shared/api/admin-purchases';
import type { Actor } from '../../src/modules/audit/index.ts';
import { signUp, type TestApp, type TestClient } from './app.ts';
import { buy, fundedCustomer } from './purchases.ts';

/** An admin of the purchase back office, with the actor their actions are audited as. */
export type PurchaseAdmin = { client: TestClient; actor: Actor; email: string };

export async function purchaseAdmin(t: TestApp): Promise<PurchaseAdmin> {
  const made = await signUp(t.app);
  await t.container.auth.setRole(made.userId, 'admin');
  return { client: made.client, email: made.email, actor: { id: made.userId, label: made.email } };
}

/** A purchase's detail as `admin` sees it in the back office. */
export async function purchaseDetail(admin: TestClient, id: string): Promise<AdminPurchaseDetail> {
  const response = await admin.get(`/api/v1/admin/purchases/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminPurchaseDetail>();
}

/** A new customer's ₦100 of airtime that VTpass leaves pending (its sandbox numbers pick the answer). */
export async function stuckPurchaseIn(t: TestApp, phone = '201000000000') {
  const customer = await fundedCustomer(t, 1_000);
  const { purchase } = await buy(customer.client, { serviceId: 'mtn', phone, amount: '100' });
  if (!purchase) throw new Error('no purchase');
  expect(purchase.status).toBe('pending');
  return { ...customer, purchase };
}

export const purchaseAudit = (t: TestApp, targetId: string) =>
  t.container.audit.list({ targetType: 'purchase', targetId });

/** The ledger and the purchases agree with themselves. */
export async function expectSound(t: TestApp): Promise<void> {
  expect((await t.container.ledger.verify()).problems).toEqual([]);
  expect(await t.container.purchases.verify()).toEqual([]);
}
