import type { DomainEvents } from './domain-events.ts';
import type { Metrics } from './metrics.ts';

/**
 * The business figures, counted from events. In-process: each process counts what it published and is scraped on
 * its own; an event a crash left to the sweep is counted by the process that sweeps it, and a miss skews a graph,
 * nothing more.
 */
export function registerMetricsSubscribers(events: DomainEvents, metrics: Metrics): void {
  events.subscribe('purchase.pending', 'metrics', 'in-process', ({ serviceId }) => {
    metrics.countPurchase(serviceId, 'pending');
  });
  events.subscribe('purchase.delivered', 'metrics', 'in-process', ({ serviceId }) => {
    metrics.countPurchase(serviceId, 'delivered');
  });
  events.subscribe('purchase.refunded', 'metrics', 'in-process', ({ serviceId }) => {
    metrics.countPurchase(serviceId, 'refunded');
  });
  events.subscribe('funding.credited', 'metrics', 'in-process', ({ method, amountKobo }) => {
    metrics.countFunding(method, amountKobo);
  });
  events.subscribe('manual-deposit.decided', 'metrics', 'in-process', (decision) => {
    if (decision.status === 'approved')
      metrics.countFunding('manual', decision.amountKobo - decision.chargeKobo);
  });
}
