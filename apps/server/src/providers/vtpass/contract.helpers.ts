import { randomInt } from 'node:crypto';
import Fastify from 'fastify';
import { kobo } from '@quickvend/shared/money';
import type { BillsProvider, PurchaseRequest } from '../../modules/purchases/purchases.port.ts';
import type { SimulatorTimers } from '../simulators/timers.ts';
import { registerVtpassSimulator } from '../simulators/vtpass/vtpass-simulator.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';

// Shared by the *.contract.test.ts files of this folder. They run against the simulator always. With
// VTPASS_CONTRACT_BASE_URL, VTPASS_CONTRACT_API_KEY, VTPASS_CONTRACT_PUBLIC_KEY and
// VTPASS_CONTRACT_SECRET_KEY set, the cases that need no simulator-only hook also run against that
// VTpass sandbox.

export const PREFIX = '/sandbox/vtpass/api';
export const KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_contract', secretKey: 'SK_contract' };
export const NUMBERS = {
  success: '08011111111',
  pending: '201000000000',
  unexpected: '500000000000',
  noResponse: '400000000000',
  timeout: '300000000000',
};

/** A number no sandbox scenario uses: VTpass fails it. */
export const otherNumber = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;

export type Keys = typeof KEYS;

export async function startCallbackReceiver() {
  const received: unknown[] = [];
  const refusals: unknown[] = [];
  const app = Fastify({ logger: false });
  app.post('/webhooks/vtpass', (request) => {
    received.push(request.body);
    return refusals.length > 0 ? refusals.shift() : { response: 'success' };
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${origin}/webhooks/vtpass`,
    received,
    /** The next callbacks are answered with these bodies, then `{"response":"success"}` again. */
    refuseNext: (...bodies: unknown[]) => refusals.push(...bodies),
    close: () => app.close(),
  };
}

export type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

/** Simulator waits that end only when the test fires them: no test waits for real time to pass. */
export function manualTimers() {
  const waits: { ms: number; fire: () => void }[] = [];
  const timers: SimulatorTimers = {
    schedule(ms, fire) {
      const wait = { ms, fire };
      waits.push(wait);
      return () => {
        waits.splice(waits.indexOf(wait), 1);
      };
    },
  };
  return { timers, waits };
}

export async function startSimulator(
  callbackUrl: string,
  overrides: Partial<Parameters<typeof registerVtpassSimulator>[1]> = {},
) {
  const app = Fastify({ logger: false });
  const simulator = registerVtpassSimulator(app, {
    prefix: PREFIX,
    ...KEYS,
    callbackUrl,
    pendingResolveMs: Infinity,
    callbackRetryDelaysMs: [0, 0, 0, 0],
    ...overrides,
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, simulator, origin, baseUrl: `${origin}${PREFIX}` };
}

export function airtime(provider: BillsProvider, phone: string, overrides: Partial<PurchaseRequest> = {}) {
  return {
    requestId: provider.newRequestId(new Date()),
    serviceId: 'mtn',
    phone,
    amountKobo: kobo(10_000),
    ...overrides,
  } satisfies PurchaseRequest;
}

export type RunningSimulator = Awaited<ReturnType<typeof startSimulator>>;

/** A simulator whose callbacks go to a receiver, and a provider speaking to it. */
export async function startSimulatorWithCallbacks() {
  const receiver = await startCallbackReceiver();
  const sim = await startSimulator(receiver.url);
  const provider = createVtpassProvider({ baseUrl: sim.baseUrl, ...KEYS });
  return {
    receiver,
    sim,
    simulator: sim.simulator,
    provider,
    close: async () => {
      await sim.app.close();
      await receiver.close();
    },
  };
}
