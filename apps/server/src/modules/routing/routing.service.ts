import type { FastifyBaseLogger } from 'fastify';
import type { Kobo } from '@quickvend/shared/money';
import { BILLS_PROVIDER_LABELS, type BillsProviderName } from '@quickvend/shared/providers';
import { serviceInWords, unavailableNow } from '@quickvend/shared/messages/routing';
import type { Database } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { FailureKind, ProviderOutcome, PurchaseRouting, RoutedItem } from '../purchases/index.ts';
import { serviceRoutes, type RouteRole } from './routing.tables.ts';

/** What one aggregator answered a purchase call, as its health counts it. */
export type HealthResult = 'delivered' | 'rejected' | 'outage' | 'lowFloat' | 'unreachable' | 'pending';

/** Port: each aggregator's health per service (modules/service-health). */
export type ProviderHealth = {
  verdict(
    serviceId: string,
    provider: BillsProviderName,
    amountKobo: Kobo,
  ): Promise<{ selling: true } | { selling: false; retryAfterSeconds: number; message: string }>;
  observe(call: { serviceId: string; provider: BillsProviderName; result: HealthResult }): void;
};

/** What routing needs of each aggregator this deployment sells through. */
export type RoutableAggregators = {
  names: BillsProviderName[];
  member(name: BillsProviderName):
    | {
        offers?(item: { serviceId: string; variationCode?: string | null | undefined }): boolean;
        failureKind(code: string | null): FailureKind;
      }
    | undefined;
};

/** One service's routes: where its purchases go first, and where after a definite failure there. */
export type ServiceRoute = { primary: BillsProviderName; fallback: BillsProviderName | null };

export type RoutingDeps = {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  cacheEvents: Pick<CacheEvents, 'publish' | 'subscribe'>;
  aggregators: RoutableAggregators;
  health?: ProviderHealth | undefined;
  audit: Pick<AuditLog, 'record'>;
};

const ROUTES_TOPIC = 'service-routes';
/** A process whose cache events listener dropped still reads routes changed elsewhere within this long. */
const ROUTES_CACHE_MS = 60_000;
/** How soon to try again when no provider is set to sell a service at all (an admin's choice, not an outage). */
const NO_ROUTE_RETRY_SECONDS = 600;

/** The routes of a service an admin never set: VTpass first, and the second aggregator when there is one. */
export function defaultRoute(names: readonly BillsProviderName[]): ServiceRoute {
  return { primary: 'vtpass', fallback: names.find((name) => name !== 'vtpass') ?? null };
}

/** What the outcome of a purchase call says of the provider's health. */
export function healthResultOf(
  outcome: ProviderOutcome,
  failureKind: (code: string | null) => FailureKind,
): HealthResult {
  switch (outcome.status) {
    case 'delivered':
      return 'delivered';
    case 'failed': {
      const kind = failureKind(outcome.code);
      return kind === 'request' ? 'rejected' : kind === 'lowFloat' ? 'lowFloat' : 'outage';
    }
    case 'pending':
      // the purchase engine keeps a call that never got an answer as pending with the error it met
      return isUnanswered(outcome.raw) ? 'unreachable' : 'pending';
  }
}

const isUnanswered = (raw: unknown) => typeof raw === 'object' && raw !== null && 'error' in raw;

/**
 * Which aggregator sells each purchase: the service's primary while it sells, else its fallback; after a definite
 * failure that is not the purchase's own fault, the other one (once). Nothing is sent when neither can sell it.
 */
export function createRouting(deps: RoutingDeps) {
  const { db, clock, aggregators } = deps;
  /** Every route an admin set; null for a service whose providers are all off. Read at most once a minute. */
  let cached: { at: number; routes: Promise<Map<string, ServiceRoute | null>> } | null = null;
  deps.cacheEvents.subscribe(ROUTES_TOPIC, () => {
    cached = null;
  });

  function allRoutes(): Promise<Map<string, ServiceRoute | null>> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < ROUTES_CACHE_MS) return cached.routes;
    // one read however many purchases ask at once; a failed read is not kept
    const routes = readRoutes().catch((error: unknown) => {
      cached = null;
      throw error;
    });
    cached = { at: now, routes };
    return routes;
  }

  async function readRoutes(): Promise<Map<string, ServiceRoute | null>> {
    const rows = await db.select().from(serviceRoutes);
    const routes = new Map<string, ServiceRoute | null>();
    for (const serviceId of new Set(rows.map((row) => row.serviceId))) {
      const of = (role: RouteRole) =>
        rows.find((row) => row.serviceId === serviceId && row.role === role)?.provider ?? null;
      // a provider no longer set up here is skipped: its fallback goes first
      const [primary, fallback = null] = [of('primary'), of('fallback')].filter(
        (name): name is BillsProviderName => name !== null && aggregators.names.includes(name),
      );
      routes.set(serviceId, primary ? { primary, fallback } : null);
    }
    return routes;
  }

  /** A service's route; null when an admin set every provider off for it. */
  async function routeOf(serviceId: string): Promise<ServiceRoute | null> {
    const routes = await allRoutes();
    return routes.has(serviceId) ? (routes.get(serviceId) ?? null) : defaultRoute(aggregators.names);
  }

  const offers = (
    provider: BillsProviderName,
    item: { serviceId: string; variationCode?: string | null | undefined },
  ) => aggregators.member(provider)?.offers?.(item) ?? aggregators.names.includes(provider);

  async function firstSelling(
    item: RoutedItem,
    candidates: (BillsProviderName | null)[],
  ): Promise<{ provider: BillsProviderName } | { retryAfterSeconds: number; message: string }> {
    let refusal: { retryAfterSeconds: number; message: string } | null = null;
    for (const provider of candidates) {
      if (!provider || !offers(provider, item)) continue;
      const verdict = deps.health
        ? await deps.health.verdict(item.serviceId, provider, item.amountKobo)
        : ({ selling: true } as const);
      if (verdict.selling) return { provider };
      if (!refusal || verdict.retryAfterSeconds < refusal.retryAfterSeconds) refusal = verdict;
    }
    return (
      refusal ?? {
        retryAfterSeconds: NO_ROUTE_RETRY_SECONDS,
        message: unavailableNow(serviceInWords(item.serviceId)),
      }
    );
  }

  const routing: Required<PurchaseRouting> = {
    async first(item) {
      // test keys buy from the simulators in VTpass's shape, wherever live purchases go
      if (item.mode === 'test') return 'vtpass';
      const route = await routeOf(item.serviceId);
      const chosen = await firstSelling(item, route ? [route.primary, route.fallback] : []);
      if ('provider' in chosen) return chosen.provider;
      throw new AppError('SERVICE_UNAVAILABLE', chosen.message, {
        retryAfterSeconds: chosen.retryAfterSeconds,
      });
    },
    async next(item) {
      if (item.mode === 'test') return null;
      if (aggregators.member(item.from)?.failureKind(item.code) === 'request') return null;
      const route = await routeOf(item.serviceId);
      if (!route) return null;
      const others = [route.primary, route.fallback].filter((name) => name !== item.from);
      const chosen = await firstSelling(item, others);
      return 'provider' in chosen ? chosen.provider : null;
    },
    observe({ serviceId, provider, outcome }) {
      const member = aggregators.member(provider);
      if (!deps.health || !member) return;
      try {
        deps.health.observe({
          serviceId,
          provider,
          result: healthResultOf(outcome, (code) => member.failureKind(code)),
        });
      } catch (error) {
        deps.log.error(
          { err: error, serviceId, provider },
          'a purchase outcome could not be counted in health',
        );
      }
    },
  };

  /**
   * Sets where a service's purchases go, audited. Not a money move (the price and the ledger are the same
   * whichever provider delivers), so one admin may do it.
   * @throws VALIDATION_FAILED when a provider is not set up here, or the fallback is the primary
   */
  async function setRoute(serviceId: string, route: ServiceRoute | null, actor: Actor, reason: string) {
    const before = await routeOf(serviceId);
    const roleOf = (name: BillsProviderName): RouteRole =>
      route?.primary === name ? 'primary' : route?.fallback === name ? 'fallback' : 'off';
    const now = clock.now();
    await db.transaction(async (tx) => {
      for (const provider of aggregators.names)
        await tx
          .insert(serviceRoutes)
          .values({ serviceId, provider, role: roleOf(provider), updatedBy: actor.id, updatedAt: now })
          .onConflictDoUpdate({
            target: [serviceRoutes.serviceId, serviceRoutes.provider],
            set: { role: roleOf(provider), updatedBy: actor.id, updatedAt: now },
          });
      await deps.audit.record(
        actor,
        {
          action: 'service.route',
          targetType: 'service',
          targetId: serviceId,
          before: { primary: labelOf(before?.primary), fallback: labelOf(before?.fallback) },
          after: { primary: labelOf(route?.primary), fallback: labelOf(route?.fallback) },
          reason,
        },
        tx,
      );
    });
    await deps.cacheEvents.publish(ROUTES_TOPIC, serviceId);
  }

  return { ...routing, routeOf, setRoute, offers, names: aggregators.names };
}

const labelOf = (name: BillsProviderName | null | undefined) => (name ? BILLS_PROVIDER_LABELS[name] : 'none');

export type Routing = ReturnType<typeof createRouting>;
