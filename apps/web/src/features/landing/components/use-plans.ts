import { useEffect, useState } from 'react';
import type { Variation } from '@quickvend/shared/api/purchases';
import { call } from '@/lib/api-client.ts';
import { readPlans } from './price-list.ts';

/** One service's plans as the landing reads them: the shape of a query's result, without the query library. */
export type PlansResult = {
  data: { variations: Variation[] } | undefined;
  isPending: boolean;
  isError: boolean;
};

const pending: PlansResult = { data: undefined, isPending: true, isError: false };
const failed: PlansResult = { data: undefined, isPending: false, isError: true };

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
      call('GET /api/v1/services/:serviceId/variations', {
        params: { serviceId },
        signal: controller.signal,
      }).then(
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
