import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Kobo } from '@quickvend/shared/money';
import { EXAMPLE_FACE_KOBO, quote, type PriceChannel, type Quote } from '@quickvend/shared/pricing';
import type { Database } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { findServiceDefinition, serviceDefinitions, type ServiceDefinition } from './catalog.definitions.ts';
import type { CatalogSource } from './catalog.port.ts';
import { catalogServices, catalogVariations } from './catalog.tables.ts';
import { commissionRateOf, type CommissionRate } from './commission-rates.ts';
import { createPriceRules, type StoredPriceRule } from './price-rules.store.ts';

export const REFRESH_CATALOG_JOB = 'catalog.refresh-plans';
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const SERVICES_CACHE_MS = 60_000;

export type CatalogService = ServiceDefinition & {
  minimumKobo: Kobo | null;
  maximumKobo: Kobo | null;
  commission: CommissionRate;
  /** web customers' discount on the face value, in basis points (negative: a markup) */
  discountBps: number;
  /** the same for partners */
  apiDiscountBps: number;
};
export type CatalogVariation = {
  code: string;
  name: string;
  /** face value */
  amountKobo: Kobo;
  /** what a web customer pays */
  priceKobo: Kobo;
  /** what a partner pays */
  apiPriceKobo: Kobo;
};

type Limits = Map<string, typeof catalogServices.$inferSelect>;

/** A service-wide percentage as a discount: what a customer reads beside a price. */
function discountOf(priced: Quote<StoredPriceRule>): number {
  return priced.source === 'service' && priced.rule?.mode === 'bps' ? -priced.rule.bps : 0;
}

export function createCatalog(deps: {
  db: Database;
  provider: CatalogSource;
  clock: Clock;
  log: FastifyBaseLogger;
  cacheEvents: Pick<CacheEvents, 'publish' | 'subscribe'>;
}) {
  const { db, provider, clock, log } = deps;
  const rules = createPriceRules({ db, clock, cacheEvents: deps.cacheEvents });
  const inFlight = new Map<string, Promise<void>>();

  /** One refresh per key at a time in this process; provider failures keep the last good list. */
  function once(key: string, run: () => Promise<void>): Promise<void> {
    const running = inFlight.get(key);
    if (running) return running;
    const started = run()
      .catch((error: unknown) => {
        log.warn({ err: error, key }, 'catalog refresh failed; keeping the last list');
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  function refreshLimits(): Promise<void> {
    return once('limits', async () => {
      const categories = [...new Set(serviceDefinitions.map((s) => s.category))];
      for (const category of categories) {
        const services = await provider.listServices(category);
        for (const service of services) {
          if (!findServiceDefinition(service.serviceId)) continue;
          await db
            .insert(catalogServices)
            .values({
              serviceId: service.serviceId,
              minimumKobo: service.minimumKobo,
              maximumKobo: service.maximumKobo,
              commissionBps: service.commissionBps ?? null,
            })
            .onConflictDoUpdate({
              target: catalogServices.serviceId,
              set: {
                minimumKobo: service.minimumKobo,
                maximumKobo: service.maximumKobo,
                commissionBps: service.commissionBps ?? null,
                refreshedAt: clock.now(),
              },
            });
        }
      }
    });
  }

  function refreshVariations(serviceId: string): Promise<void> {
    return once(`variations:${serviceId}`, async () => {
      const variations = await provider.listVariations(serviceId);
      if (variations.length === 0) return;
      await db.transaction(async (tx) => {
        for (const v of variations) {
          await tx
            .insert(catalogVariations)
            .values({
              serviceId,
              code: v.code,
              name: v.name,
              amountKobo: v.amountKobo,
              isFixedPrice: v.isFixedPrice,
            })
            .onConflictDoUpdate({
              target: [catalogVariations.serviceId, catalogVariations.code],
              set: {
                name: v.name,
                amountKobo: v.amountKobo,
                isFixedPrice: v.isFixedPrice,
                isActive: true,
                refreshedAt: clock.now(),
              },
            });
        }
        await tx
          .update(catalogVariations)
          .set({ isActive: false })
          .where(
            and(
              eq(catalogVariations.serviceId, serviceId),
              notInArray(
                catalogVariations.code,
                variations.map((v) => v.code),
              ),
            ),
          );
      });
    });
  }

  async function activeVariations(serviceId: string) {
    return db
      .select()
      .from(catalogVariations)
      .where(and(eq(catalogVariations.serviceId, serviceId), eq(catalogVariations.isActive, true)))
      .orderBy(catalogVariations.amountKobo, catalogVariations.code);
  }

  const isStale = (refreshedAt: Date | undefined) =>
    !refreshedAt || clock.now().getTime() - refreshedAt.getTime() > STALE_AFTER_MS;

  let cachedLimits: { at: number; limits: Limits } | undefined;

  /** Served from memory for a minute: every purchase asks for its service's limits. */
  async function readLimits(): Promise<Limits> {
    if (cachedLimits && clock.now().getTime() - cachedLimits.at < SERVICES_CACHE_MS)
      return cachedLimits.limits;
    let rows = await db.select().from(catalogServices);
    if (rows.length === 0) {
      await refreshLimits();
      rows = await db.select().from(catalogServices);
    } else if (rows.some((l) => isStale(l.refreshedAt))) {
      void refreshLimits();
    }
    const limits: Limits = new Map(rows.map((l) => [l.serviceId, l]));
    if (rows.length > 0) cachedLimits = { at: clock.now().getTime(), limits };
    return limits;
  }

  function describe(definition: ServiceDefinition, limits: Limits, priced: readonly StoredPriceRule[]) {
    const limit = limits.get(definition.id);
    const commission = commissionRateOf(definition, limit?.commissionBps);
    const serviceWide = (channel: PriceChannel) =>
      discountOf(
        quote(
          priced,
          { serviceId: definition.id, variationCode: null, channel },
          EXAMPLE_FACE_KOBO,
          commission.bps,
        ),
      );
    return {
      ...definition,
      minimumKobo: limit?.minimumKobo ?? null,
      maximumKobo: limit?.maximumKobo ?? null,
      commission,
      discountBps: serviceWide('web'),
      apiDiscountBps: serviceWide('api'),
    };
  }

  function priceVariation(
    service: CatalogService,
    row: { code: string; name: string; amountKobo: Kobo },
    priced: readonly StoredPriceRule[],
  ): CatalogVariation {
    const at = (channel: PriceChannel) =>
      quote(
        priced,
        { serviceId: service.id, variationCode: row.code, channel },
        row.amountKobo,
        service.commission.bps,
      ).priceKobo;
    return {
      code: row.code,
      name: row.name,
      amountKobo: row.amountKobo,
      priceKobo: at('web'),
      apiPriceKobo: at('api'),
    };
  }

  return {
    rules,

    async listServices(): Promise<CatalogService[]> {
      const [limits, priced] = await Promise.all([readLimits(), rules.list()]);
      return serviceDefinitions.map((definition) => describe(definition, limits, priced));
    },

    async getService(serviceId: string): Promise<CatalogService | undefined> {
      return (await this.listServices()).find((service) => service.id === serviceId);
    },

    /** The plans on sale; fetched from the provider when there are none yet or they are old. */
    async listVariations(serviceId: string): Promise<CatalogVariation[]> {
      const service = await this.getService(serviceId);
      if (!service) return [];
      let rows = await activeVariations(serviceId);
      if (rows.length === 0) {
        await refreshVariations(serviceId);
        rows = await activeVariations(serviceId);
      } else if (rows.some((row) => isStale(row.refreshedAt))) {
        void refreshVariations(serviceId);
      }
      const priced = await rules.list();
      return rows.map((row) => priceVariation(service, row, priced));
    },

    /**
     * What one unit of a service (or one of its plans) sells for on a channel, what it costs us, and why:
     * the most specific rule that does not sell below cost unless it allows a loss.
     */
    async quote(
      service: CatalogService,
      variationCode: string | null,
      faceKobo: Kobo,
      channel: PriceChannel,
    ): Promise<Quote<StoredPriceRule>> {
      return quote(
        await rules.list(),
        { serviceId: service.id, variationCode, channel },
        faceKobo,
        service.commission.bps,
      );
    },

    async findVariation(serviceId: string, code: string): Promise<CatalogVariation | undefined> {
      return (await this.listVariations(serviceId)).find((variation) => variation.code === code);
    },

    /** The job's work: every service's plans and limits, fresh from the provider. */
    async refreshAll(serviceIds?: readonly string[]): Promise<void> {
      await refreshLimits();
      cachedLimits = undefined;
      const ids = serviceIds ?? serviceDefinitions.filter((s) => s.hasVariations).map((s) => s.id);
      for (const id of ids) await refreshVariations(id);
    },

    async countActiveVariations(serviceIds: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(catalogVariations)
        .where(
          and(inArray(catalogVariations.serviceId, [...serviceIds]), eq(catalogVariations.isActive, true)),
        );
      return row?.count ?? 0;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
