import { expect } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { addDays, lagosMidnight } from '@quickvend/shared/periods';
import type { TestApp } from './app.ts';
import { buy, fundedCustomer } from './purchases.ts';

export const SECOND = 1000;
export const HOUR = 3_600_000;
/** What leaves the float on the seeded day that no sale explains. */
export const UNEXPLAINED = 123_400;

/** The sandbox VTpass's controls: change what it holds of a sale (`alter`), or forget the sale, telling nobody. */
export async function simulateVtpass(t: TestApp, control: 'alter' | 'forget', body: Record<string, string>) {
  const response = await fetch(`${t.selfUrl}/sandbox/vtpass/api/simulate/${control}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

export function vtpassOf(t: TestApp) {
  const simulator = t.simulators.vtpass;
  if (!simulator) throw new Error('no VTpass simulator');
  return simulator;
}

export type SeededDay = Record<
  'clean' | 'cleanFailed' | 'reversed' | 'forgotten' | 'late' | 'dearer' | 'open',
  Purchase
>;

/**
 * One day of sales on the sandbox VTpass, then changed behind our back through its controls, one purchase for
 * each kind of difference beside clean ones, and the float read at the start and the end of the day with a
 * gap no sale explains. Purchases are made now (`day` is today in Lagos); `clock` dates the float readings.
 */
export async function seedReconciliationDay(
  t: TestApp,
  clock: { at: (instant: Date) => void; back: () => void },
  day: string,
): Promise<{ seeded: SeededDay; floatAtStart: number }> {
  const { at, back } = clock;
  const yesterday = addDays(day, -1);
  // yesterday: two readings of an unchanged float and no sales
  at(new Date(lagosMidnight(yesterday).getTime() + SECOND));
  await t.container.float.check();
  at(new Date(lagosMidnight(day).getTime() - 2 * HOUR));
  await t.container.float.check();
  // today opens with a reading
  at(new Date(lagosMidnight(day).getTime() + SECOND));
  const floatAtStart = (await t.container.float.check()).balanceKobo ?? 0;
  back();

  const { client } = await fundedCustomer(t, 10_000);
  const airtime = async (amount: string, phone: string, status: Purchase['status']) => {
    const { purchase } = await buy(client, { serviceId: 'mtn', phone, amount });
    if (!purchase) throw new Error('no purchase');
    expect(purchase.status).toBe(status);
    return purchase;
  };
  const clean = await airtime('100', '08011111111', 'delivered');
  const cleanFailed = await airtime('250', '08031234567', 'failed');
  const reversed = await airtime('200', '08011111111', 'delivered');
  const forgotten = await airtime('300', '08011111111', 'delivered');
  const late = await airtime('250', '08031234567', 'failed');
  const dearer = await airtime('500', '08011111111', 'delivered');
  const open = await airtime('100', '201000000000', 'pending');

  // VTpass changes its records and tells nobody
  expect(
    await simulateVtpass(t, 'alter', { request_id: reversed.providerRequestId, status: 'reversed' }),
  ).toMatchObject({
    code: '040',
  });
  expect(await simulateVtpass(t, 'forget', { request_id: forgotten.providerRequestId })).toEqual({
    forgotten: true,
  });
  await simulateVtpass(t, 'alter', { request_id: late.providerRequestId, status: 'delivered' });
  await simulateVtpass(t, 'alter', { request_id: dearer.providerRequestId, amount: '490' });

  // something no sale explains takes money from the float before the day's last reading
  await vtpassOf(t).setFloatKobo((await vtpassOf(t).floatKobo()) - UNEXPLAINED);
  at(new Date(lagosMidnight(addDays(day, 1)).getTime() - SECOND));
  await t.container.float.check();
  back();
  return { seeded: { clean, cleanFailed, reversed, forgotten, late, dearer, open }, floatAtStart };
}
