import { bpsAsPercent, formatNaira, kobo, percentOfKobo, type Kobo } from './money.ts';
import { BILLS_DISCOUNT_BPS } from './services.ts';

/** Web customers buy through the app; partners (resellers) through the API with a key. */
export const PRICE_CHANNELS = ['web', 'api'] as const;
export type PriceChannel = (typeof PRICE_CHANNELS)[number];

/** The widest markup a rule may set: ten times the face value. */
export const MAX_MARKUP_BPS = 100_000;
/** The deepest discount: 99.99%, so a sale always costs something. */
export const MIN_MARKUP_BPS = -9_999;
/** The highest fixed price: three times the plan's face value. */
export const MAX_FIXED_PRICE_TIMES = 3;

/**
 * How a service or one of its plans sells: a markup (positive) or discount (negative) in basis points on the
 * face value, or a set price. A rule that sells below cost needs `allowLoss`.
 */
export type PriceRule = ({ mode: 'bps'; bps: number } | { mode: 'fixed'; fixedPriceKobo: Kobo }) & {
  allowLoss: boolean;
};

/** A rule as it is kept: for a service (`variationCode` empty) or one plan, on one channel. */
export type TargetedPriceRule = PriceRule & {
  serviceId: string;
  variationCode: string;
  channel: PriceChannel;
};

export type PriceTarget = { serviceId: string; variationCode: string | null; channel: PriceChannel };

/** Which rule set a price: the plan's own, the service's, or none (the face value). */
export type PriceSource = 'variation' | 'service' | 'face';

/**
 * What a rule sells a face value for, rounded up to the whole kobo: a discount never takes off more than the
 * rule says, a markup never adds less. No rule: the face value.
 */
export function sellingPrice(faceKobo: Kobo, rule: PriceRule | null): Kobo {
  if (!rule) return faceKobo;
  if (rule.mode === 'fixed') return rule.fixedPriceKobo;
  return kobo(faceKobo + percentOfKobo(faceKobo, rule.bps, 'ceil'));
}

/** What the provider debits us for a face value: the face value less its commission (rounded down). */
export function costOf(faceKobo: Kobo, commissionBps: number): Kobo {
  return kobo(faceKobo - percentOfKobo(faceKobo, commissionBps, 'floor'));
}

/** The rules that could price a target, most specific first: the plan's own, then the service's. */
export function candidateRules<R extends TargetedPriceRule>(
  rules: readonly R[],
  target: PriceTarget,
): { rule: R; source: Exclude<PriceSource, 'face'> }[] {
  const onChannel = rules.filter((r) => r.serviceId === target.serviceId && r.channel === target.channel);
  const own = target.variationCode
    ? onChannel.find((r) => r.variationCode === target.variationCode)
    : undefined;
  const serviceWide = onChannel.find((r) => r.variationCode === '');
  return [
    ...(own ? [{ rule: own, source: 'variation' as const }] : []),
    ...(serviceWide ? [{ rule: serviceWide, source: 'service' as const }] : []),
  ];
}

export type Quote<R extends PriceRule = PriceRule> = {
  priceKobo: Kobo;
  costKobo: Kobo;
  marginKobo: Kobo;
  source: PriceSource;
  rule: R | null;
};

/**
 * The price of one unit: the most specific rule that does not sell below cost (unless it allows a loss).
 * A rule made stale by a new face value or commission is passed over, never sold at a loss unasked.
 */
export function quote<R extends TargetedPriceRule>(
  rules: readonly R[],
  target: PriceTarget,
  faceKobo: Kobo,
  commissionBps: number,
): Quote<R> {
  const costKobo = costOf(faceKobo, commissionBps);
  for (const { rule, source } of candidateRules(rules, target)) {
    const priceKobo = sellingPrice(faceKobo, rule);
    if (priceKobo >= costKobo || rule.allowLoss) {
      return { priceKobo, costKobo, marginKobo: kobo(priceKobo - costKobo), source, rule };
    }
  }
  return { priceKobo: faceKobo, costKobo, marginKobo: kobo(faceKobo - costKobo), source: 'face', rule: null };
}

export const priceTexts = {
  tooDeep: 'A discount must leave a price above ₦0.00.',
  tooHigh: 'A markup can be at most 1,000%.',
  fixedForPlansOnly: 'A fixed price is for one plan; set a percentage for the whole service.',
  belowCost: (price: Kobo, cost: Kobo) =>
    `This sells at ${formatNaira(price)}, below our cost of ${formatNaira(cost)}. Tick "Sell at a loss" to save it anyway.`,
  fixedTooHigh: (max: Kobo, face: Kobo) =>
    `A fixed price can be at most ${formatNaira(max)}: three times this plan's ${formatNaira(face)}.`,
  lossPerSale: (loss: Kobo) => `Loses ${formatNaira(loss)} on each sale`,
  needsApproval: 'A second admin must approve this price before it applies.',
  sentForApproval: (current: Kobo) =>
    `Sent for a second admin's approval: the price stays ${formatNaira(current)} until then.`,
  changeWaiting:
    "A change to this price is already waiting for a second admin's approval. Approve, reject or withdraw it on the Approvals page first.",
} as const;

/** `1%`, `1.5%`: basis points as a percentage, without float arithmetic. */
export function percentText(bps: number): string {
  return `${bpsAsPercent(Math.abs(bps)).replace(/\.?0+$/, '')}%`;
}

/** A rule as an operator says it: `1% off`, `2% markup`, `₦280.00 fixed`, `Face value`. */
export function ruleInWords(rule: PriceRule): string {
  if (rule.mode === 'fixed') return `${formatNaira(rule.fixedPriceKobo)} fixed`;
  if (rule.bps === 0) return 'Face value';
  return rule.bps < 0 ? `${percentText(rule.bps)} off` : `${percentText(rule.bps)} markup`;
}

/**
 * A fixed price, or a rule allowed to sell below cost, waits for a second admin. The loss flag counts even while
 * the rule keeps a margin: a later change of face value or commission would then sell at a loss unseen.
 */
export function isApprovalNeeded(rule: PriceRule): boolean {
  return rule.mode === 'fixed' || rule.allowLoss;
}

/**
 * Why a rule may not be saved for a face value and its cost, or null. A loss needs the explicit flag; a fixed
 * price is bounded by the face value.
 * For a percentage the check at any one face value holds for all: price and cost are both proportional.
 */
export function ruleProblem(rule: PriceRule, faceKobo: Kobo, costKobo: Kobo): string | null {
  if (rule.mode === 'bps' && rule.bps < MIN_MARKUP_BPS) return priceTexts.tooDeep;
  if (rule.mode === 'bps' && rule.bps > MAX_MARKUP_BPS) return priceTexts.tooHigh;
  if (rule.mode === 'fixed' && rule.fixedPriceKobo <= 0) return priceTexts.tooDeep;
  if (rule.mode === 'fixed' && rule.fixedPriceKobo > faceKobo * MAX_FIXED_PRICE_TIMES)
    return priceTexts.fixedTooHigh(kobo(faceKobo * MAX_FIXED_PRICE_TIMES), faceKobo);
  const priceKobo = sellingPrice(faceKobo, rule);
  if (priceKobo < costKobo && !rule.allowLoss) return priceTexts.belowCost(priceKobo, costKobo);
  return null;
}

/** The face value a service sold by amount (airtime, electricity) is shown at: ₦1,000. */
export const EXAMPLE_FACE_KOBO = kobo(100_000);

/** The spec's default: 1% off cable TV, Showmax and electricity; none elsewhere. */
export function defaultServiceBps(kind: 'airtime' | 'data' | 'tv' | 'electricity' | 'education'): number {
  return kind === 'tv' || kind === 'electricity' ? -BILLS_DISCOUNT_BPS : 0;
}
