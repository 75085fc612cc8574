import type {
  ReconciliationDay,
  ReconciliationDifference,
  ReconciliationSummary,
} from '@quickvend/shared/api/daily-reconciliation';
import type { Wire } from './wire.ts';

/** 12 March 2025: a ₦200 MTN airtime VTpass reversed after we delivered it. */
export function aDifference(
  overrides: Partial<Wire<ReconciliationDifference>> = {},
): Wire<ReconciliationDifference> {
  return {
    kind: 'provider-failed',
    purchase: {
      id: 'pur_01JQ0000000000000REVERSED',
      serviceId: 'mtn',
      target: '08031234567',
      planName: null,
      createdAt: '2025-03-12T09:15:00.000Z',
      ours: { status: 'delivered', chargedKobo: 20_000, costKobo: 19_400 },
      theirs: { status: 'reversed', amountKobo: null },
    },
    amountKobo: 20_000,
    says: 'We delivered this and the customer paid ₦200.00, but VTpass reversed it and paid the float back.',
    ...overrides,
  };
}

export const aFloatGap: Wire<ReconciliationDifference> = {
  kind: 'float-gap',
  purchase: null,
  amountKobo: 123_400,
  says: "The float fell ₦1,234.00 more than the day's sales explain (a sale we do not know of, or a charge by VTpass).",
};

/** The nightly check of 12 March 2025: the reversed sale and a gap in the float. */
export function aReconciliationDay(
  overrides: Partial<Wire<ReconciliationDay>> = {},
): Wire<ReconciliationDay> {
  return {
    day: '2025-03-12',
    ranAt: '2025-03-12T23:15:04.000Z',
    ranBy: null,
    status: 'differences',
    totals: {
      ours: {
        purchases: 3,
        delivered: { count: 2, chargedKobo: 30_000, costKobo: 29_100 },
        refunded: { count: 1, chargedKobo: 25_000 },
        open: { count: 0, chargedKobo: 0 },
      },
      theirs: {
        delivered: { count: 1, amountKobo: 9_700 },
        failed: { count: 2 },
        pending: { count: 0 },
        unknown: { count: 0 },
        unreachable: { count: 0 },
      },
      float: {
        startAt: '2025-03-11T23:00:02.000Z',
        startKobo: 10_000_000,
        endAt: '2025-03-12T22:55:01.000Z',
        endKobo: 9_847_500,
        spentKobo: 152_500,
        salesKobo: 29_100,
        gapKobo: 123_400,
      },
    },
    differences: [aDifference(), aFloatGap],
    ...overrides,
  };
}

export function aReconciliationSummary(
  overrides: Partial<Wire<ReconciliationSummary>> = {},
): Wire<ReconciliationSummary> {
  return {
    day: '2025-03-12',
    ranAt: '2025-03-12T23:15:04.000Z',
    status: 'differences',
    differenceCount: 2,
    differenceKobo: 143_400,
    ...overrides,
  };
}
