import { randomUUID } from 'node:crypto';
import type { CreatePurchaseBody, Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import { signUp, type TestApp, type TestClient } from './app.ts';

export const TEST_PIN = '4826';

/** A signed-up customer with money in the wallet and a transaction PIN. */
export async function fundedCustomer(t: TestApp, nairaBalance: number) {
  const customer = await signUp(t.app);
  if (nairaBalance > 0) {
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'credit',
      amountKobo: kobo(nairaBalance * 100),
      reason: 'test funds',
      actor: 'test',
    });
  }
  const pin = await customer.client.post('/api/v1/pin', { pin: TEST_PIN });
  if (pin.statusCode !== 200) throw new Error(`PIN not set: ${pin.body}`);
  return customer;
}

export async function buy(
  client: TestClient,
  body: Omit<CreatePurchaseBody, 'requestId'> & { requestId?: string },
) {
  const response = await client.post('/api/v1/purchases', {
    requestId: randomUUID(),
    pin: TEST_PIN,
    ...body,
  });
  return {
    response,
    purchase: response.statusCode < 300 ? response.json<{ purchase: Purchase }>().purchase : null,
  };
}

/** The sandbox VTpass delivers this pending purchase now, as it would in its own time, and calls back. */
export async function resolvePending(t: TestApp, purchase: Purchase | null | undefined): Promise<void> {
  const vtpass = t.simulators.vtpass;
  if (!vtpass) throw new Error('this test app has no VTpass simulator');
  if (!purchase) throw new Error('no purchase to resolve');
  await vtpass.resolvePendingNow(purchase.providerRequestId);
}
