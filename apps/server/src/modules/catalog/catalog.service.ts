import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { findServiceDefinition, serviceDefinitions, type ServiceDefinition } from './catalog.definitions.ts';
import type { CatalogSource } from './catalog.port.ts';
import { catalogServices, catalogVariations, discountRules } from './catalog.tables.ts';

export const REFRESH_CATALOG_JOB = 'catalog.refresh-plans';
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const SERVICES_CACHE_MS = 60_000;

export type CatalogService = ServiceDefinition & {
  minimumKobo: Kobo | null;
  maximumKobo: Kobo | null;
  /** the discount on the face value, in basis points */
  discountBps: number;
};
export type CatalogVariation = { code: string; name: string; amountKobo: Kobo };

export function createCatalog(deps: {
  db: Database;
  provider: CatalogSource;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { db, provider, clock, log } = deps;
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
            })
            .onConflictDoUpdate({
              target: catalogServices.serviceId,
              set: {
                minimumKobo: service.minimumKobo,
                maximumKobo: service.maximumKobo,
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

  let cachedServices: { at: number; services: CatalogService[] } | undefined;

  return {
    /** Served from memory for a minute: every purchase asks for its service's limits. */
    async listServices(): Promise<CatalogService[]> {
      if (cachedServices && clock.now().getTime() - cachedServices.at < SERVICES_CACHE_MS)
        return cachedServices.services;
      let limits = await db.select().from(catalogServices);
      if (limits.length === 0) {
        await refreshLimits();
        limits = await db.select().from(catalogServices);
      } else if (limits.some((l) => isStale(l.refreshedAt))) {
        void refreshLimits();
      }
      const byId = new Map(limits.map((l) => [l.serviceId, l]));
      const discounts = new Map(
        (await db.select().from(discountRules)).map((rule) => [rule.serviceId, rule.bps]),
      );
      const services = serviceDefinitions.map((definition) => {
        const limit = byId.get(definition.id);
        return {
          ...definition,
          minimumKobo: limit?.minimumKobo ?? null,
          maximumKobo: limit?.maximumKobo ?? null,
          discountBps: discounts.get(definition.id) ?? 0,
        };
      });
      if (limits.length > 0) cachedServices = { at: clock.now().getTime(), services };
      return services;
    },

    async getService(serviceId: string): Promise<CatalogService | undefined> {
      return (await this.listServices()).find((service) => service.id === serviceId);
    },

    /** The plans on sale; fetched from the provider when there are none yet or they are old. */
    async listVariations(serviceId: string): Promise<CatalogVariation[]> {
      let rows = await activeVariations(serviceId);
      if (rows.length === 0) {
        await refreshVariations(serviceId);
        rows = await activeVariations(serviceId);
      } else if (rows.some((row) => isStale(row.refreshedAt))) {
        void refreshVariations(serviceId);
      }
      return rows.map((row) => ({ code: row.code, name: row.name, amountKobo: row.amountKobo }));
    },

    async findVariation(serviceId: string, code: string): Promise<CatalogVariation | undefined> {
      return (await this.listVariations(serviceId)).find((variation) => variation.code === code);
    },

    /** The job's work: every service's plans and limits, fresh from the provider. */
    async refreshAll(serviceIds?: readonly string[]): Promise<void> {
      await refreshLimits();
      cachedServices = undefined;
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
