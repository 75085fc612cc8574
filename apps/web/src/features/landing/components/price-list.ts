import type { Variation } from '@quickvend/shared/api/purchases';

/**
 * The plans the landing page shows, found by name in the plan lists the app sells from: the spec's popular
 * picks. Their prices are never written here; they come from the same services API the purchase pages use, so
 * the landing can never quote what the app would not charge. A plan the provider no longer lists is left out.
 */
export type FeaturedPlan = { label: string; matches: RegExp };
export type FeaturedGroup = { title: string; serviceId: string; plans: readonly FeaturedPlan[] };

export const featuredTv: readonly FeaturedGroup[] = [
  {
    title: 'DSTV',
    serviceId: 'dstv',
    plans: [
      { label: 'Premium', matches: /\bpremium\b/i },
      { label: 'Compact Plus', matches: /\bcompact\s*plus\b/i },
      { label: 'Compact', matches: /\bcompact\b(?!\s*plus)/i },
    ],
  },
  {
    title: 'GOTV',
    serviceId: 'gotv',
    plans: [
      { label: 'Max', matches: /\bmax\b/i },
      { label: 'Jolli', matches: /\bjolli\b/i },
      { label: 'Smallie', matches: /\bsmallie\b/i },
    ],
  },
  {
    title: 'Showmax',
    serviceId: 'showmax',
    plans: [
      { label: 'Showmax', matches: /^showmax\s*-\s*1\s*month/i },
      { label: 'Mobile', matches: /^showmax\s+mobile\s*-\s*1\s*month/i },
    ],
  },
];

/** A 1GB plan that lasts the month the landing promises (`MTN Data 1GB - 30 Days`), never a daily or weekly one. */
const monthlyGigabyte = /\b1\s*GB\b.*\b(30\s*days?|1\s*month|monthly)\b/i;

export const featuredData: readonly FeaturedGroup[] = [
  { title: 'MTN', serviceId: 'mtn-data', plans: [{ label: 'MTN 1GB', matches: monthlyGigabyte }] },
  { title: 'Airtel', serviceId: 'airtel-data', plans: [{ label: 'Airtel 1GB', matches: monthlyGigabyte }] },
  { title: 'Glo', serviceId: 'glo-data', plans: [{ label: 'Glo 1GB', matches: monthlyGigabyte }] },
  {
    title: '9mobile',
    serviceId: 'etisalat-data',
    plans: [{ label: '9mobile 1GB', matches: monthlyGigabyte }],
  },
];

/** The first plan of the list (cheapest first, as the server orders them) each pick matches. */
export function pickPlans(
  picks: readonly FeaturedPlan[],
  plans: readonly Variation[],
): { label: string; plan: Variation }[] {
  return picks.flatMap((pick) => {
    const plan = plans.find((candidate) => candidate.priceKobo > 0 && pick.matches.test(candidate.name));
    return plan ? [{ label: pick.label, plan }] : [];
  });
}

export const VALIDITY = '30 days';

function isKobo(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The plans of an answer, or null when it is not what the services API sends: a price is never guessed. */
export function readPlans(body: unknown): Variation[] | null {
  const variations = (body as { variations?: unknown } | null)?.variations;
  if (!Array.isArray(variations)) return null;
  const valid = variations.every((plan: Partial<Record<keyof Variation, unknown>> | null) => {
    return (
      typeof plan?.name === 'string' &&
      typeof plan.code === 'string' &&
      isKobo(plan.amountKobo) &&
      isKobo(plan.priceKobo)
    );
  });
  return valid ? (variations as Variation[]) : null;
}
