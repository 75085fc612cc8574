import { useEffect, useState } from 'react';
import type { Variation } from '@quickvend/shared/api/purchases';
import { api } from '@/lib/api-client.ts';

/** One service's plans as the landing reads them: the shape of a query's result, without the query library. */
export type PlansResult = {
  data: { variations: Variation[] } | undefined;
  isPending: boolean;
  isError: boolean;
};

const pending: PlansResult = { data: undefined, isPending: true, isError: false };
const failed: PlansResult = { data: undefined, isPending: false, isError: true };

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

/**
 * The plans of each service, asked for once `enabled` (the landing waits until its prices come near the
 * screen). The landing is shown outside the app, so this is a plain request rather than a cached query.
 */
export function usePlans(serviceIds: readonly string[], enabled: boolean): PlansResult[] {
  const [results, setResults] = useState<PlansResult[]>(() => serviceIds.map(() => pending));
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const settle = (index: number, result: PlansResult) => {
      if (controller.signal.aborted) return;
      setResults((current) => current.map((old, at) => (at === index ? result : old)));
    };
    serviceIds.forEach((serviceId, index) => {
      api
        .get<unknown>(`/api/v1/services/${encodeURIComponent(serviceId)}/variations`, {
          signal: controller.signal,
        })
        .then(
          (body) => {
            const variations = readPlans(body);
            settle(index, variations ? { data: { variations }, isPending: false, isError: false } : failed);
          },
          () => {
            settle(index, failed);
          },
        );
    });
    return () => {
      controller.abort();
    };
  }, [enabled, serviceIds]);
  return results;
}
