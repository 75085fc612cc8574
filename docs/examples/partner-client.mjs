// A QuickVend partner client for Node.js 20 or newer, with no dependencies: copy it into your project.
//
//   QV_URL=http://localhost:3000 QV_KEY=qv_test_... node docs/examples/partner-client.mjs [phone]
//
// run as a program, it shows the balance, buys ₦100.00 of MTN airtime for the phone (the sandbox's
// 08011111111 unless given), waits until the purchase is final, lists the latest purchases and shows the
// balance again, one JSON line per step. Import it to use `createClient` and `verifyWebhook` in your code.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export class ApiError extends Error {
  constructor(status, body) {
    super(`${status} ${body?.error?.code ?? ''}: ${body?.error?.message ?? 'no message'}`);
    this.status = status;
    this.code = body?.error?.code;
    this.body = body;
  }
}

/** The partner API at `baseUrl`, called with `key`. Each method answers the JSON body or throws ApiError. */
export function createClient({ baseUrl, key }) {
  async function call(method, path, body) {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, answer);
    return answer;
  }

  return {
    balance: () => call('GET', '/api/v1/balance'),
    services: () => call('GET', '/api/v1/services'),
    variations: (serviceId) => call('GET', `/api/v1/services/${encodeURIComponent(serviceId)}/variations`),
    verify: (body) => call('POST', '/api/v1/verify', body),
    /**
     * Buys. Keep `requestId` with your order before calling: if the call fails on the way (a timeout, a
     * dropped connection, a 5xx), call again with the same requestId and body. It is never bought twice.
     */
    async buy(body) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return (await call('POST', '/api/v1/purchases', body)).purchase;
        } catch (error) {
          const retriable = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
          if (!retriable || attempt === 5) throw error;
          await sleep(1000 * 2 ** attempt);
        }
      }
    },
    purchase: async (requestId) =>
      (await call('GET', `/api/v1/purchases/${encodeURIComponent(requestId)}`)).purchase,
    purchases: ({ limit = 20, cursor, status, serviceId } = {}) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      if (status) query.set('status', status);
      if (serviceId) query.set('serviceId', serviceId);
      return call('GET', `/api/v1/purchases?${query}`);
    },
    /** Asks again until the purchase is `delivered` or `failed` (webhooks tell you sooner, without asking). */
    async waitUntilFinal(requestId, { everyMs = 5000, timeoutMs = 35 * 60_000 } = {}) {
      const giveUpAt = Date.now() + timeoutMs;
      for (;;) {
        const purchase = await this.purchase(requestId);
        if (purchase.status !== 'pending' || Date.now() > giveUpAt) return purchase;
        await sleep(everyMs);
      }
    },
  };
}

/**
 * Whether a webhook is ours and fresh (Standard Webhooks): `headers` as received (lower-case names), `body`
 * the raw text exactly as it arrived (before JSON.parse), `secret` the `whsec_...` signing secret.
 */
export function verifyWebhook(headers, body, secret, { toleranceSeconds = 300, now = Date.now() } = {}) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !/^\d+$/.test(timestamp ?? '') || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // several signatures, separated by spaces, while a secret is being changed: any one will do
  return signatures.split(' ').some((signature) => {
    const [version, value = ''] = signature.split(',');
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function main() {
  const { QV_URL: baseUrl = 'http://localhost:3000', QV_KEY: key } = process.env;
  if (!key) throw new Error('Set QV_KEY to your API key (and QV_URL to the server).');
  const phone = process.argv[2] ?? '08011111111';
  const client = createClient({ baseUrl, key });
  const show = (step, value) => console.log(JSON.stringify({ step, ...value }));

  show('balance', await client.balance());
  const requestId = `example-${randomUUID()}`;
  const bought = await client.buy({ requestId, serviceId: 'mtn', phone, amount: '100.00' });
  show('bought', { requestId, status: bought.status, charged: bought.charged });
  const final = await client.waitUntilFinal(requestId, { everyMs: 2000 });
  show('final', { requestId, status: final.status, chargedKobo: final.chargedKobo, message: final.message });
  const { purchases } = await client.purchases({ limit: 5 });
  show('latest', { requestIds: purchases.map((purchase) => purchase.requestId) });
  show('balance', await client.balance());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
