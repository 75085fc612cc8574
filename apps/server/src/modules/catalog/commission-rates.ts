import type { PurchaseKind } from '@quickvend/shared/api/purchases';

/**
 * What the provider keeps off the face value for us, in basis points, when its catalogue does not say: one rate
 * per kind of service (the sandbox provider charges the same); a service with a rate of its own is listed by id.
 * Check them against the provider's dashboard before going live: a wrong rate misstates every margin.
 */
const DEFAULT_COMMISSION_BPS: Readonly<Record<PurchaseKind, number>> = {
  airtime: 300,
  data: 200,
  tv: 150,
  electricity: 150,
  education: 100,
};

const SERVICE_COMMISSION_BPS: Readonly<Record<string, number>> = {};

export type CommissionRate = { bps: number; source: 'provider' | 'default' };

/** The provider's own rate for a service when known, else our default for it. */
export function commissionRateOf(
  service: { id: string; kind: PurchaseKind },
  providerBps: number | null | undefined,
): CommissionRate {
  if (providerBps !== null && providerBps !== undefined) return { bps: providerBps, source: 'provider' };
  return {
    bps: SERVICE_COMMISSION_BPS[service.id] ?? DEFAULT_COMMISSION_BPS[service.kind],
    source: 'default',
  };
}
