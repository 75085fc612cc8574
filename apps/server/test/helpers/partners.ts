import type { TestApp, TestClient } from './app.ts';
import { confirmEmail } from './email.ts';
import { fundedCustomer } from './purchases.ts';

/**
 * Turns partner access on, as a customer does in the profile's Developers section: no API key without it.
 * The address is confirmed first (by the link mailed at sign-up), as partner access needs.
 */
export async function turnOnPartnerAccess(client: TestClient): Promise<void> {
  await confirmEmail(client);
  const response = await client.put('/api/v1/profile/partner-access', { enabled: true });
  if (response.statusCode !== 200) throw new Error(`partner access not turned on: ${response.body}`);
}

/** A funded customer with a PIN who has turned partner access on, ready to create API keys. */
export async function fundedPartner(t: TestApp, nairaBalance: number) {
  const partner = await fundedCustomer(t, nairaBalance);
  await turnOnPartnerAccess(partner.client);
  return partner;
}
