import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import type { BillsProvider } from '../../modules/purchases/purchases.port.ts';
import type { VtpassSimulator } from '../simulators/vtpass/vtpass-simulator.ts';
import {
  KEYS,
  NUMBERS,
  airtime,
  manualTimers,
  startSimulator,
  startSimulatorWithCallbacks,
  type CallbackReceiver,
  type RunningSimulator,
} from './contract.helpers.ts';
import { createVtpassProvider } from './vtpass.adapter.ts';

describe('VTpass simulator: pending sales and callbacks', () => {
  let receiver: CallbackReceiver;
  let sim: RunningSimulator;
  let simulator: VtpassSimulator;
  let provider: BillsProvider;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ receiver, sim, simulator, provider, close } = await startSimulatorWithCallbacks());
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await close();
  });

  const callbacksFor = (requestId: string) =>
    receiver.received.filter((body) => {
      const callback = provider.readCallback(body);
      return callback.type === 'transaction-update' && callback.requestId === requestId;
    });

  it('keeps 201000000000 pending until resolved, then delivers and calls back once', async () => {
    const request = airtime(provider, NUMBERS.pending);
    expect(await provider.purchase(request)).toMatchObject({ status: 'pending', code: '099' });
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'pending', code: '000' });
    expect(callbacksFor(request.requestId)).toHaveLength(0);

    await simulator.resolvePendingNow();
    const requeried = await provider.requery(request.requestId);
    expect(requeried).toMatchObject({ status: 'delivered', costKobo: 9_700 });
    const [callback, ...others] = callbacksFor(request.requestId);
    expect(others).toHaveLength(0);
    expect(provider.readCallback(callback)).toEqual({
      type: 'transaction-update',
      requestId: request.requestId,
    });
    expect(callback).toMatchObject({
      type: 'transaction-update',
      data: { code: '000', content: { transactions: { status: 'delivered' } } },
    });
  });

  it('delivers a pending sale by itself once pendingResolveMs has passed, and calls back', async () => {
    const clock = manualTimers();
    const own = await startSimulator(receiver.url, { pendingResolveMs: 20_000, timers: clock.timers });
    const ownProvider = createVtpassProvider({ baseUrl: own.baseUrl, ...KEYS });
    const request = airtime(ownProvider, NUMBERS.pending);
    expect(await ownProvider.purchase(request)).toMatchObject({ status: 'pending' });
    expect(clock.waits.map((wait) => wait.ms)).toEqual([20_000]);
    expect(await ownProvider.requery(request.requestId)).toMatchObject({ status: 'pending' });

    clock.waits[0]?.fire();
    await own.simulator.flush();
    expect(callbacksFor(request.requestId)).toHaveLength(1);
    expect(await ownProvider.requery(request.requestId)).toMatchObject({ status: 'delivered' });
    await own.app.close();
  });

  it('resolves only the pending sale it is asked to', async () => {
    const first = airtime(provider, NUMBERS.pending);
    const second = airtime(provider, NUMBERS.pending);
    await provider.purchase(first);
    await provider.purchase(second);
    await simulator.resolvePendingNow(second.requestId);
    expect(await provider.requery(first.requestId)).toMatchObject({ status: 'pending' });
    expect(await provider.requery(second.requestId)).toMatchObject({ status: 'delivered' });
    await simulator.resolvePendingNow();
    expect(await provider.requery(first.requestId)).toMatchObject({ status: 'delivered' });
  });

  it('retries a callback until the answer is {"response":"success"}, at most 5 times', async () => {
    const first = airtime(provider, NUMBERS.pending);
    await provider.purchase(first);
    receiver.refuseNext({ response: 'ok' }, 'success');
    const before = simulator.callbackAttempts();
    await simulator.resolvePendingNow();
    expect(simulator.callbackAttempts() - before).toBe(3);
    expect(callbacksFor(first.requestId)).toHaveLength(3);

    const second = airtime(provider, NUMBERS.pending);
    await provider.purchase(second);
    receiver.refuseNext(...Array<unknown>(5).fill({ response: 'failed' }));
    await simulator.resolvePendingNow();
    expect(callbacksFor(second.requestId)).toHaveLength(5);
  });

  it('reverses a pending sale from the admin hook: failed (040), float credited back', async () => {
    const request = airtime(provider, NUMBERS.pending, { amountKobo: kobo(50_000) });
    const before = await simulator.floatKobo();
    await provider.purchase(request);
    expect(await simulator.floatKobo()).toBe(before - 48_500);
    const response = await fetch(`${sim.baseUrl}/simulate/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: request.requestId, status: 'reversed' }),
    });
    expect(response.status).toBe(200);
    expect(await simulator.floatKobo()).toBe(before);
    expect(await provider.requery(request.requestId)).toMatchObject({ status: 'failed', code: '040' });
    await simulator.flush();
    expect(callbacksFor(request.requestId)[0]).toMatchObject({
      data: { code: '040', amount: 485, content: { transactions: { status: 'reversed' } } },
    });
    const again = await fetch(`${sim.baseUrl}/simulate/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: request.requestId, status: 'delivered' }),
    });
    expect(again.status).toBe(409);
  });
});
