import type {
  OurSide,
  ReconciledPurchase,
  ReconciliationDifference,
  ReconciliationTotals,
  TheirSide,
} from '@quickvend/shared/api/daily-reconciliation';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { CheckedPurchase, ProviderWord } from '../purchases/index.ts';

// VTpass's code for a sale it reversed and paid back to the float
const REVERSAL_CODE = '040';

/** One purchase beside VTpass's word on it. */
export type PurchaseLine = { purchase: CheckedPurchase; word: ProviderWord };

export function ourSideOf(purchase: CheckedPurchase): OurSide {
  return { status: purchase.status, chargedKobo: purchase.chargedKobo, costKobo: purchase.costKobo };
}

export function theirSideOf(word: ProviderWord): TheirSide {
  switch (word.status) {
    case 'delivered':
      return { status: 'delivered', amountKobo: word.costKobo };
    case 'failed':
      return { status: word.code === REVERSAL_CODE ? 'reversed' : 'failed', amountKobo: null };
    case 'pending':
    case 'unknown':
    case 'unreachable':
      return { status: word.status, amountKobo: null };
  }
}

export function reconciledPurchaseOf({ purchase, word }: PurchaseLine): ReconciledPurchase {
  return {
    id: purchase.id,
    serviceId: purchase.serviceId,
    target: purchase.target,
    planName: purchase.planName,
    createdAt: purchase.createdAt.toISOString(),
    ours: ourSideOf(purchase),
    theirs: theirSideOf(word),
  };
}

const NOW_SAYS: Record<TheirSide['status'], string> = {
  delivered: 'VTpass now says it was delivered',
  failed: 'VTpass now says it failed',
  reversed: 'VTpass now says it reversed it',
  pending: 'VTpass still calls it pending',
  unknown: 'VTpass has no record of it',
  unreachable: 'VTpass could not be asked',
};

/** What is wrong with one purchase, or null when our books and VTpass agree on it. */
export function differenceOf(line: PurchaseLine): ReconciliationDifference | null {
  const purchase = reconciledPurchaseOf(line);
  const { ours, theirs } = purchase;
  const charged = formatNaira(kobo(ours.chargedKobo));
  const differ = (kind: ReconciliationDifference['kind'], amountKobo: Kobo, says: string) => ({
    kind,
    purchase,
    amountKobo,
    says,
  });
  if (ours.status === 'open') {
    return differ(
      'still-open',
      ours.chargedKobo,
      `Still open when the day was checked: the customer's ${charged} is held until VTpass answers. ${NOW_SAYS[theirs.status]}.`,
    );
  }
  if (theirs.status === 'unreachable') {
    const why = line.word.status === 'unreachable' ? ` (${line.word.message})` : '';
    return differ(
      'not-asked',
      ours.chargedKobo,
      `VTpass could not be asked about this purchase${why}. Ask again.`,
    );
  }
  if (ours.status === 'failed') {
    if (theirs.status === 'delivered') {
      const lostKobo = theirs.amountKobo ?? ours.chargedKobo;
      return differ(
        'refunded-delivered',
        lostKobo,
        `We refunded this ${charged} purchase, but VTpass delivered it and took ${formatNaira(kobo(lostKobo))} from the float: a provider-side loss.`,
      );
    }
    if (theirs.status === 'pending') {
      return differ(
        'provider-pending',
        ours.chargedKobo,
        `We refunded this ${charged} purchase, but VTpass still calls it pending: if VTpass delivers it, the float pays for it.`,
      );
    }
    return null;
  }
  switch (theirs.status) {
    case 'failed':
      return differ(
        'provider-failed',
        ours.chargedKobo,
        `We delivered this and the customer paid ${charged}, but VTpass says it failed.`,
      );
    case 'reversed':
      return differ(
        'provider-failed',
        ours.chargedKobo,
        `We delivered this and the customer paid ${charged}, but VTpass reversed it and paid the float back.`,
      );
    case 'unknown':
      return differ(
        'provider-unknown',
        ours.chargedKobo,
        `We delivered this and the customer paid ${charged}, but VTpass has no record of it.`,
      );
    case 'pending':
      return differ(
        'provider-pending',
        ours.chargedKobo,
        `We delivered this and the customer paid ${charged}, but VTpass still calls it pending.`,
      );
    case 'delivered': {
      const costKobo = ours.costKobo ?? ours.chargedKobo;
      if (theirs.amountKobo === null || theirs.amountKobo === costKobo) return null;
      const gap = theirs.amountKobo - costKobo;
      return differ(
        'amount-differs',
        kobo(Math.abs(gap)),
        `VTpass took ${formatNaira(kobo(theirs.amountKobo))} for this sale; our books say ${formatNaira(kobo(costKobo))} (${formatNaira(kobo(Math.abs(gap)))} ${gap > 0 ? 'more' : 'less'}).`,
      );
    }
  }
}

export type PurchaseTotals = Pick<ReconciliationTotals, 'ours' | 'theirs'>;

export function emptyTotals(): PurchaseTotals {
  return {
    ours: {
      purchases: 0,
      delivered: { count: 0, chargedKobo: kobo(0), costKobo: kobo(0) },
      refunded: { count: 0, chargedKobo: kobo(0) },
      open: { count: 0, chargedKobo: kobo(0) },
    },
    theirs: {
      delivered: { count: 0, amountKobo: kobo(0) },
      failed: { count: 0 },
      pending: { count: 0 },
      unknown: { count: 0 },
      unreachable: { count: 0 },
    },
  };
}

/**
 * Counts one purchase into the totals (`sign` 1), or takes it out again (-1) when it is asked about anew.
 * Mutates and returns `totals`.
 */
export function countInto(
  totals: PurchaseTotals,
  { ours, theirs }: Pick<ReconciledPurchase, 'ours' | 'theirs'>,
  sign: 1 | -1 = 1,
): PurchaseTotals {
  totals.ours.purchases += sign;
  switch (ours.status) {
    case 'delivered':
      totals.ours.delivered.count += sign;
      totals.ours.delivered.chargedKobo = kobo(totals.ours.delivered.chargedKobo + sign * ours.chargedKobo);
      totals.ours.delivered.costKobo = kobo(
        totals.ours.delivered.costKobo + sign * (ours.costKobo ?? ours.chargedKobo),
      );
      break;
    case 'failed':
      totals.ours.refunded.count += sign;
      totals.ours.refunded.chargedKobo = kobo(totals.ours.refunded.chargedKobo + sign * ours.chargedKobo);
      break;
    case 'open':
      totals.ours.open.count += sign;
      totals.ours.open.chargedKobo = kobo(totals.ours.open.chargedKobo + sign * ours.chargedKobo);
      break;
  }
  switch (theirs.status) {
    case 'delivered':
      totals.theirs.delivered.count += sign;
      totals.theirs.delivered.amountKobo = kobo(
        totals.theirs.delivered.amountKobo + sign * (theirs.amountKobo ?? 0),
      );
      break;
    case 'failed':
    case 'reversed':
      totals.theirs.failed.count += sign;
      break;
    case 'pending':
    case 'unknown':
    case 'unreachable':
      totals.theirs[theirs.status].count += sign;
      break;
  }
  return totals;
}

/** Two readings of the float and what the sales delivered between them cost in our books. */
export type FloatWindow = {
  start: { checkedAt: Date; balanceKobo: Kobo };
  end: { checkedAt: Date; balanceKobo: Kobo };
  salesKobo: number;
};

/** The float's movement against the sales, and the difference when the sales do not explain it. */
export function compareFloat(window: FloatWindow | null): {
  float: ReconciliationTotals['float'];
  difference: ReconciliationDifference | null;
} {
  if (!window) {
    return {
      float: null,
      difference: {
        kind: 'float-unread',
        purchase: null,
        amountKobo: kobo(0),
        says: "No float reading for the day: the float's movement could not be checked against the sales.",
      },
    };
  }
  const spentKobo = kobo(window.start.balanceKobo - window.end.balanceKobo);
  const gapKobo = kobo(spentKobo - window.salesKobo);
  const float = {
    startAt: window.start.checkedAt.toISOString(),
    startKobo: window.start.balanceKobo,
    endAt: window.end.checkedAt.toISOString(),
    endKobo: window.end.balanceKobo,
    spentKobo,
    salesKobo: kobo(window.salesKobo),
    gapKobo,
  };
  if (gapKobo === 0) return { float, difference: null };
  const gap = formatNaira(kobo(Math.abs(gapKobo)));
  return {
    float,
    difference: {
      kind: 'float-gap',
      purchase: null,
      amountKobo: kobo(Math.abs(gapKobo)),
      says:
        gapKobo > 0
          ? `The float fell ${gap} more than the day's sales explain (a sale we do not know of, or a charge by VTpass).`
          : `The float fell ${gap} less than the day's sales explain (a top-up, or a sale VTpass reversed).`,
    },
  };
}
