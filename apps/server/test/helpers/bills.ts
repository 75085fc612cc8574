import { expect } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import { catalogVariations } from '../../src/db/schema.ts';
import type { TestApp, TestClient } from './app.ts';

// the provider simulator's test numbers for bills
export const SMARTCARD = '1212121212';
export const PREPAID_METER = '1111111111111';
export const POSTPAID_METER = '1010101010101';
export const JAMB_PROFILE = '0123456789';
export const PHONE = '08031234567';

/** What the bill-payment tests ask of the app they run on (`app()` is read when a helper runs). */
export function billHelpers(app: () => TestApp) {
  return {
    balanceOf: (userId: string) => app().container.ledger.getWalletBalance(userId),
    sound: async () => {
      expect((await app().container.ledger.verify()).problems).toEqual([]);
      expect(await app().container.purchases.verify()).toEqual([]);
    },
    verify: (client: TestClient, body: { serviceId: string; billersCode: string; type?: string }) =>
      client.post('/api/v1/verify', body),
    variationsOf: async (client: TestClient, serviceId: string) =>
      (await client.get(`/api/v1/services/${serviceId}/variations`)).json<{
        variations: { code: string; name: string; amountKobo: number }[];
      }>().variations,
    purchaseOf: async (client: TestClient, requestId: string) =>
      (await client.get(`/api/v1/purchases/${requestId}`)).json<{ purchase: Purchase }>().purchase,
    /** A plan our catalogue still lists but the provider has withdrawn: it refuses the sale. */
    staleVariation: async (serviceId: string, code: string, amountKobo: number) => {
      await app()
        .container.db.insert(catalogVariations)
        .values({ serviceId, code, name: `Old ${code}`, amountKobo: kobo(amountKobo) })
        .onConflictDoNothing();
    },
  };
}
