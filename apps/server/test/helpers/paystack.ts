import type { StartCardPaymentResponse } from '@quickvend/shared/api/funding';
import { signPaystackBody } from '../../src/providers/paystack/paystack.signature.ts';
import type { TestApp, TestClient } from './app.ts';

export const SANDBOX_SECRET = 'sk_test_sandbox';
export const SUCCESS_CARD = '4084084084084081';
export const DECLINED_CARD = '4084080000005408';

/** Starts a card payment through the API, as the Fund Wallet page does. */
export async function startCardPayment(client: TestClient, email: string, amount: string) {
  const response = await client.post('/api/v1/funding/card', { email, amount });
  if (response.statusCode !== 201) throw new Error(`card payment not started: ${response.body}`);
  return response.json<StartCardPaymentResponse>();
}

/** Pays on the simulator's checkout page with a test card, as the customer would; returns where it redirects. */
export async function payOnCheckout(t: TestApp, authorizationUrl: string, card: string): Promise<Response> {
  const { pathname } = new URL(authorizationUrl);
  return fetch(`${t.selfUrl}${pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card }).toString(),
    redirect: 'manual',
  });
}

export async function postWebhook(
  t: TestApp,
  body: string,
  signature: string | undefined,
): Promise<Response> {
  return fetch(`${t.selfUrl}/webhooks/paystack`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'x-paystack-signature': signature }),
    },
    body,
  });
}

export function chargeSuccess(reference: string, amountKobo: number, channel = 'card'): string {
  return JSON.stringify({
    event: 'charge.success',
    data: {
      id: Math.floor(Math.random() * 1e9),
      status: 'success',
      reference,
      amount: amountKobo,
      currency: 'NGN',
      channel,
      gateway_response: 'Successful',
      paid_at: new Date().toISOString(),
      customer: { email: 'someone@example.com', customer_code: 'CUS_x' },
    },
  });
}

export const sign = (body: string) => signPaystackBody(body, SANDBOX_SECRET);
