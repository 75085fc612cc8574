import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { kobo } from '@quickvend/shared/money';
import type { PaymentGateway } from '../../modules/funding/funding.port.ts';
import { registerPaystackSimulator } from '../simulators/paystack/paystack-simulator.ts';
import { createPaystackGateway } from './paystack.adapter.ts';

// Shared by the *.contract.test.ts files of this folder. They run against the simulator always. With
// PAYSTACK_CONTRACT_BASE_URL and PAYSTACK_CONTRACT_SECRET_KEY set, the cases that need no simulator-only
// hook also run against that Paystack sandbox.

export const PREFIX = '/sandbox/paystack';
export const SECRET = 'sk_test_contract';
export const PUBLIC = 'pk_test_contract';
export const CALLBACK = 'https://app.example.test/funding/callback?from=contract';
export const CARDS = {
  success: '4084084084084081',
  pin: '507850785078507812',
  declined: '4084 0800 0000 5408',
  token: '5078 5078 5078 5078 53',
  timeout: '5060 6600 0000 0064',
  serverError: '5060 6650 6066 5060 67',
};

export const newReference = () => `qv-contract-${Date.now()}-${randomBytes(4).toString('hex')}`;

type ReceivedWebhook = { raw: Buffer; signature: string | undefined; contentType: string | undefined };

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const failures: number[] = [];
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.post('/webhooks/paystack', async (request, reply) => {
    const signature = request.headers['x-paystack-signature'];
    received.push({
      raw: request.body as Buffer,
      signature: typeof signature === 'string' ? signature : undefined,
      contentType: request.headers['content-type'],
    });
    return reply.status(failures.shift() ?? 200).send({ ok: true });
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${origin}/webhooks/paystack`,
    received,
    forReference: (reference: string) =>
      received.filter(
        (w) =>
          (JSON.parse(w.raw.toString('utf8')) as { data: { reference: string } }).data.reference ===
          reference,
      ),
    /** The next deliveries are answered with these statuses, then 200 again. */
    failNext: (...statuses: number[]) => failures.push(...statuses),
    close: () => app.close(),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

export async function startSimulator(webhookUrl: string, retryDelaysMs = [0, 0]) {
  const app = Fastify({ logger: false });
  const simulator = registerPaystackSimulator(app, {
    prefix: PREFIX,
    secretKey: SECRET,
    publicKey: PUBLIC,
    webhookUrl,
    productName: 'QuickVend',
    retryDelaysMs,
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, simulator, origin, baseUrl: `${origin}${PREFIX}` };
}

export type RunningSimulator = Awaited<ReturnType<typeof startSimulator>>;

/** A simulator whose webhooks go to a receiver, and a gateway speaking to it. */
export async function startSimulatorWithWebhooks() {
  const receiver = await startWebhookReceiver();
  const sim = await startSimulator(receiver.url);
  const gateway = createPaystackGateway({ baseUrl: sim.baseUrl, secretKey: SECRET, publicKey: PUBLIC });
  return {
    receiver,
    sim,
    simulator: sim.simulator,
    gateway,
    close: async () => {
      await sim.app.close();
      await receiver.close();
    },
  };
}

export async function startPaymentOn(gateway: PaymentGateway, amountKobo = 250_000) {
  const reference = newReference();
  const started = await gateway.initializeTransaction({
    email: 'ada@example.com',
    amountKobo: kobo(amountKobo),
    reference,
    callbackUrl: CALLBACK,
  });
  return { reference, checkoutUrl: started.authorizationUrl };
}

export const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

/** The form targets on a checkout page. */
export async function formActions(checkoutUrl: string) {
  const html = await (await fetch(checkoutUrl)).text();
  const actions = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1] ?? '');
  const origin = new URL(checkoutUrl).origin;
  const pay = actions.find((a) => a.endsWith('/pay'));
  const cancel = actions.find((a) => a.endsWith('/cancel'));
  if (!pay || !cancel) throw new Error(`checkout page has no pay and cancel forms:\n${html}`);
  return {
    html,
    pay: `${origin}${pay}`,
    cancel: `${origin}${cancel}`,
    pin: `${origin}${pay.replace(/\/pay$/, '/pin')}`,
  };
}
