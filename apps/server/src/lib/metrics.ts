import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the VTpass client saw of one call: how long it took and what came back. */
export type ProviderCallObservation = {
  /** the API path without its query, such as `/pay` */
  operation: string;
  /** VTpass's answer code (`000`, `016`…), else `http_<status>`, `timeout` or `error` */
  code: string;
  seconds: number;
};

/** Figures collected only when scraped: one cheap query each. */
export type ScrapeSources = {
  openPurchases: () => Promise<{ pending: number; flagged: number }>;
  jobBacklog: () => Promise<{ depth: number; oldestWaitSeconds: number }>;
};

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per app: tests build many apps in one process, so nothing goes to prom-client's global one.
 * `processMetrics` adds the process figures and event-loop lag (prom-client's defaults); they keep timers
 * running, so only an app that serves /metrics turns them on.
 */
export function createMetrics(options: { processMetrics: boolean }) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'quickvend_' });

  const httpDuration = new Histogram({
    name: 'quickvend_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const purchases = new Counter({
    name: 'quickvend_purchases_total',
    help: 'Purchase outcomes by service: delivered, refunded, or pending (first time only)',
    labelNames: ['service', 'outcome'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'quickvend_provider_request_duration_seconds',
    help: 'Calls to the bills provider by operation and answer code',
    labelNames: ['provider', 'operation', 'code'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const fundings = new Counter({
    name: 'quickvend_fundings_credited_total',
    help: 'Wallet fundings credited, by method',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const fundedKobo = new Counter({
    name: 'quickvend_fundings_credited_kobo_total',
    help: 'Kobo credited to wallets by fundings, by method',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const providerLosses = new Counter({
    name: 'quickvend_provider_losses_total',
    help: 'Purchases the provider delivered after we had refunded them (provider-side losses), when flagged',
    registers: [registry],
  });
  const providerLossKobo = new Counter({
    name: 'quickvend_provider_losses_kobo_total',
    help: 'Kobo the provider took from the float for purchases we had refunded, when flagged',
    registers: [registry],
  });

  let sources: ScrapeSources | undefined;
  // the registry reads its metrics side by side: two gauges filled by one query share the query in flight
  const shared = <T>(read: (s: ScrapeSources) => Promise<T>) => {
    let inFlight: Promise<T | undefined> | undefined;
    return () => {
      inFlight ??= (sources ? read(sources) : Promise.resolve(undefined)).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    };
  };
  const openPurchases = shared((s) => s.openPurchases());
  const jobBacklog = shared((s) => s.jobBacklog());
  const scraped = <T>(
    name: string,
    help: string,
    read: () => Promise<T | undefined>,
    pick: (value: T) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = await read();
        if (value !== undefined) this.set(pick(value));
      },
    });
  scraped(
    'quickvend_purchases_open',
    'Purchases not yet final (processing or pending)',
    openPurchases,
    (c) => c.pending,
  );
  scraped(
    'quickvend_purchases_flagged',
    'Purchases still not final a day after they were made',
    openPurchases,
    (c) => c.flagged,
  );
  scraped('quickvend_job_queue_depth', 'Jobs due and waiting for a worker', jobBacklog, (b) => b.depth);
  scraped(
    'quickvend_job_queue_oldest_wait_seconds',
    'How long the longest-waiting due job has waited',
    jobBacklog,
    (b) => b.oldestWaitSeconds,
  );

  return {
    registry,
    /** Where the scrape-time gauges read from, once the services exist. */
    readFrom(scrapeSources: ScrapeSources) {
      sources = scrapeSources;
    },
    observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number) {
      httpDuration.observe(
        { method: labels.method, route: labels.route, status: `${Math.floor(labels.statusCode / 100)}xx` },
        seconds,
      );
    },
    countPurchase(service: string, outcome: 'delivered' | 'refunded' | 'pending') {
      purchases.inc({ service, outcome });
    },
    observeProviderCall(provider: string, call: ProviderCallObservation) {
      providerDuration.observe({ provider, operation: call.operation, code: call.code }, call.seconds);
    },
    countProviderLoss(amountKobo: number) {
      providerLosses.inc();
      providerLossKobo.inc(amountKobo);
    },
    countFunding(method: 'card' | 'transfer' | 'manual', amountKobo: number) {
      fundings.inc({ method });
      fundedKobo.inc({ method }, amountKobo);
    },
  };
}
