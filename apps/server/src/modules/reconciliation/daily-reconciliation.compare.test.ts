import { describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import type { CheckedPurchase, ProviderWord } from '../purchases/index.ts';
import {
  compareFloat,
  countInto,
  differenceOf,
  emptyTotals,
  reconciledPurchaseOf,
} from './daily-reconciliation.compare.ts';

function purchase(
  status: CheckedPurchase['status'],
  overrides: Partial<CheckedPurchase> = {},
): CheckedPurchase {
  return {
    id: 'pur_1',
    userId: 'usr_1',
    createdAt: new Date('2025-03-10T11:00:00Z'),
    serviceId: 'mtn',
    target: '08011111111',
    planName: null,
    status,
    chargedKobo: kobo(10_000),
    costKobo: status === 'delivered' ? kobo(9_700) : null,
    provider: 'vtpass',
    providerRequestId: '202503101200abc',
    ...overrides,
  };
}

const delivered = (costKobo: number | null): ProviderWord => ({
  status: 'delivered',
  message: 'TRANSACTION SUCCESSFUL',
  providerReference: '1741600000000',
  costKobo: costKobo === null ? null : kobo(costKobo),
  token: null,
  pins: null,
  units: null,
  receiptLines: [],
});
const failed = (code: string): ProviderWord => ({ status: 'failed', message: 'TRANSACTION FAILED', code });
const pending: ProviderWord = { status: 'pending', message: 'TRANSACTION IS PROCESSING', code: '099' };
const unknown: ProviderWord = { status: 'unknown' };
const unreachable: ProviderWord = { status: 'unreachable', message: 'VTpass POST /requery timed out' };

describe('one purchase beside VTpass', () => {
  it('finds nothing wrong where both sides agree', () => {
    expect(differenceOf({ purchase: purchase('delivered'), word: delivered(9_700) })).toBeNull();
    // VTpass did not say what it took: nothing to compare
    expect(differenceOf({ purchase: purchase('delivered'), word: delivered(null) })).toBeNull();
    expect(differenceOf({ purchase: purchase('failed'), word: failed('016') })).toBeNull();
    expect(differenceOf({ purchase: purchase('failed'), word: failed('040') })).toBeNull();
    // refused before any sale was made: VTpass never had it
    expect(differenceOf({ purchase: purchase('failed'), word: unknown })).toBeNull();
  });

  it('names every disagreement with the money at stake', () => {
    const cases: [CheckedPurchase, ProviderWord, string, number, string][] = [
      [
        purchase('delivered'),
        failed('016'),
        'provider-failed',
        10_000,
        'We delivered this and the customer paid ₦100.00, but VTpass says it failed.',
      ],
      [
        purchase('delivered'),
        pending,
        'provider-pending',
        10_000,
        'We delivered this and the customer paid ₦100.00, but VTpass still calls it pending.',
      ],
      [
        purchase('failed'),
        pending,
        'provider-pending',
        10_000,
        'We refunded this ₦100.00 purchase, but VTpass still calls it pending: if VTpass delivers it, the float pays for it.',
      ],
      [
        purchase('failed'),
        delivered(null),
        'refunded-delivered',
        10_000,
        'We refunded this ₦100.00 purchase, but VTpass delivered it and took ₦100.00 from the float: a provider-side loss.',
      ],
      [
        purchase('delivered'),
        delivered(9_600),
        'amount-differs',
        100,
        'VTpass took ₦96.00 for this sale; our books say ₦97.00 (₦1.00 less).',
      ],
      [
        purchase('delivered'),
        unreachable,
        'not-asked',
        10_000,
        'VTpass could not be asked about this purchase (VTpass POST /requery timed out). Ask again.',
      ],
      [
        purchase('open'),
        unknown,
        'still-open',
        10_000,
        "Still open when the day was checked: the customer's ₦100.00 is held until VTpass answers. VTpass has no record of it.",
      ],
    ];
    for (const [ours, word, kind, amountKobo, says] of cases) {
      expect(differenceOf({ purchase: ours, word }), kind).toMatchObject({ kind, amountKobo, says });
    }
  });

  it('counts a purchase into the totals and out again', () => {
    const line = reconciledPurchaseOf({ purchase: purchase('delivered'), word: failed('040') });
    expect(line.theirs).toEqual({ status: 'reversed', amountKobo: null });
    const totals = countInto(emptyTotals(), line);
    expect(totals.ours.delivered).toEqual({ count: 1, chargedKobo: 10_000, costKobo: 9_700 });
    expect(totals.theirs.failed).toEqual({ count: 1 });
    expect(countInto(totals, line, -1)).toEqual(emptyTotals());
  });
});

describe("the float's movement beside the day's sales", () => {
  const reading = (iso: string, balanceKobo: number) => ({
    checkedAt: new Date(iso),
    balanceKobo: kobo(balanceKobo),
  });

  it('is balanced when the sales explain it, and says which way it is off otherwise', () => {
    const window = (endKobo: number) => ({
      start: reading('2025-03-09T23:00:00Z', 1_000_000),
      end: reading('2025-03-10T22:55:00Z', endKobo),
      salesKobo: 100_000,
    });
    expect(compareFloat(window(900_000))).toMatchObject({
      float: { spentKobo: 100_000, gapKobo: 0 },
      difference: null,
    });
    expect(compareFloat(window(950_000)).difference).toEqual({
      kind: 'float-gap',
      purchase: null,
      amountKobo: 50_000,
      says: "The float fell ₦500.00 less than the day's sales explain (a top-up, or a sale VTpass reversed).",
    });
    expect(compareFloat(window(880_000)).difference).toMatchObject({ amountKobo: 20_000 });
  });

  it('says so when no readings bound the day', () => {
    expect(compareFloat(null)).toEqual({
      float: null,
      difference: {
        kind: 'float-unread',
        purchase: null,
        amountKobo: 0,
        says: "No float reading for the day: the float's movement could not be checked against the sales.",
      },
    });
  });
});
