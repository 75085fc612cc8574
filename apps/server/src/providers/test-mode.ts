import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { ProviderFloat } from '../modules/admin/index.ts';
import type { BillsProvider } from '../modules/purchases/index.ts';
import { registerVtpassSimulator } from './simulators/vtpass/vtpass-simulator.ts';
import { createVtpassProvider } from './vtpass/vtpass.adapter.ts';
import { newVtpassRequestId } from './vtpass/vtpass.request-id.ts';

export type KeyMode = 'live' | 'test';

/**
 * A test purchase's provider request id: VTpass's own shape with `_t` after the date. A live id is the date and
 * letters or digits only, so no live purchase is ever sent to the simulator, nor a test one to the provider.
 */
const TEST_MARK = '_t';
const STAMP_LENGTH = 12;

export const isTestRequestId = (requestId: string): boolean =>
  requestId.slice(STAMP_LENGTH, STAMP_LENGTH + TEST_MARK.length) === TEST_MARK;

/**
 * The bills provider the purchase engine talks to: the live one, except for what a partner's test key bought
 * (marked in its request id) and the customer checks a test key asks for, which go to `test`. The catalogue,
 * the float and callbacks are the live provider's.
 */
export function routeByMode(
  live: BillsProvider & ProviderFloat,
  test: BillsProvider,
): BillsProvider & ProviderFloat {
  return {
    ...live,
    newRequestId(now, mode, provider) {
      if (mode !== 'test') return live.newRequestId(now, mode, provider);
      const id = test.newRequestId(now);
      return `${id.slice(0, STAMP_LENGTH)}${TEST_MARK}${id.slice(STAMP_LENGTH)}`;
    },
    purchase: (request) =>
      isTestRequestId(request.requestId) ? test.purchase(request) : live.purchase(request),
    requery: (requestId, provider) =>
      isTestRequestId(requestId) ? test.requery(requestId) : live.requery(requestId, provider),
    verifyCustomer: (check) =>
      check.mode === 'test' ? test.verifyCustomer(check) : live.verifyCustomer(check),
  };
}

/**
 * In live mode, what test keys buy from: the VTpass simulator on a loopback port of this process, started on
 * first use (its sales live in the database, so every process's simulator answers alike). Never reachable
 * from outside the machine; its callbacks reach this server at `callbackUrl` as VTpass's would.
 */
export function createInternalSimulator(deps: {
  db: Database;
  callbackUrl: string;
  log: FastifyBaseLogger;
  timeoutMs?: number | undefined;
}): BillsProvider & { close(): Promise<void> } {
  const keys = {
    apiKey: randomBytes(16).toString('hex'),
    publicKey: `PK_${randomBytes(16).toString('hex')}`,
    secretKey: `SK_${randomBytes(16).toString('hex')}`,
  };
  const server = Fastify({ loggerInstance: deps.log });
  registerVtpassSimulator(server, {
    prefix: '/api',
    ...keys,
    callbackUrl: deps.callbackUrl,
    database: deps.db,
    log: deps.log,
  });
  let started: Promise<BillsProvider> | undefined;
  const provider = () =>
    (started ??= server.listen({ host: '127.0.0.1', port: 0 }).then((address) =>
      createVtpassProvider({
        baseUrl: `${address}/api`,
        ...keys,
        ...(deps.timeoutMs !== undefined && { timeoutMs: deps.timeoutMs }),
      }),
    ));
  const notServed = (): Promise<never> => Promise.reject(new Error('the test simulator serves sales only'));
  return {
    newRequestId: (now) => newVtpassRequestId(now),
    purchase: async (request) => (await provider()).purchase(request),
    requery: async (requestId) => (await provider()).requery(requestId),
    verifyCustomer: async (check) => (await provider()).verifyCustomer(check),
    readCallback: () => ({ type: 'ignored' }),
    listServices: notServed,
    listVariations: notServed,
    close: async () => {
      if (started) await server.close();
    },
  };
}
