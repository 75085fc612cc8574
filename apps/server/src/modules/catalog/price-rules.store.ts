import { and, eq } from 'drizzle-orm';
import { kobo } from '@quickvend/shared/money';
import type { PriceRule, TargetedPriceRule } from '@quickvend/shared/pricing';
import type { Database, Executor } from '../../db/client.ts';
import type { CacheEvents } from '../../lib/cache-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { priceRules } from './catalog.tables.ts';

export const PRICES_TOPIC = 'catalog.prices';
const CACHE_MS = 60_000;

export type StoredPriceRule = TargetedPriceRule & { updatedAt: Date; updatedBy: string | null };
export type RuleTarget = Pick<TargetedPriceRule, 'serviceId' | 'variationCode' | 'channel'>;

function toRule(row: typeof priceRules.$inferSelect): StoredPriceRule {
  const target = { serviceId: row.serviceId, variationCode: row.variationCode, channel: row.channel };
  const meta = { allowLoss: row.allowLoss, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
  // the table's check keeps bps and fixed_price_kobo to their mode
  return row.mode === 'fixed'
    ? { ...target, ...meta, mode: 'fixed', fixedPriceKobo: kobo(row.fixedPriceKobo ?? 0) }
    : { ...target, ...meta, mode: 'bps', bps: row.bps ?? 0 };
}

const matches = (target: RuleTarget) =>
  and(
    eq(priceRules.serviceId, target.serviceId),
    eq(priceRules.variationCode, target.variationCode),
    eq(priceRules.channel, target.channel),
  );

/**
 * Every price rule, held in memory: each purchase and each catalogue read prices with them. A change is
 * published on the cache events, so every process forgets its copy at once (and within a minute regardless).
 */
export function createPriceRules(deps: {
  db: Database;
  clock: Clock;
  cacheEvents: Pick<CacheEvents, 'publish' | 'subscribe'>;
}) {
  const { db, clock } = deps;
  let cached: { at: number; rules: StoredPriceRule[] } | undefined;
  // a read that began before a change must not store what it read after the change was announced
  let generation = 0;
  deps.cacheEvents.subscribe(PRICES_TOPIC, () => {
    generation += 1;
    cached = undefined;
  });

  return {
    async list(): Promise<StoredPriceRule[]> {
      const now = clock.now().getTime();
      if (cached && now - cached.at < CACHE_MS) return cached.rules;
      const started = generation;
      const rules = (await db.select().from(priceRules)).map(toRule);
      if (started === generation) cached = { at: now, rules };
      return rules;
    },

    async find(target: RuleTarget, executor: Executor = db): Promise<StoredPriceRule | undefined> {
      const [row] = await executor.select().from(priceRules).where(matches(target)).for('update');
      return row ? toRule(row) : undefined;
    },

    async put(target: RuleTarget, rule: PriceRule, updatedBy: string | null, executor: Executor) {
      const values = {
        mode: rule.mode,
        bps: rule.mode === 'bps' ? rule.bps : null,
        fixedPriceKobo: rule.mode === 'fixed' ? rule.fixedPriceKobo : null,
        allowLoss: rule.allowLoss,
        updatedBy,
        updatedAt: clock.now(),
      };
      const [row] = await executor
        .insert(priceRules)
        .values({ id: newId('prc'), ...target, ...values })
        .onConflictDoUpdate({
          target: [priceRules.serviceId, priceRules.variationCode, priceRules.channel],
          set: values,
        })
        .returning();
      if (!row) throw new Error('a saved price rule came back empty');
      return toRule(row);
    },

    async remove(target: RuleTarget, executor: Executor): Promise<void> {
      await executor.delete(priceRules).where(matches(target));
    },

    /** After the change has committed: every process forgets its rules. */
    async announce(serviceId: string): Promise<void> {
      await deps.cacheEvents.publish(PRICES_TOPIC, serviceId);
    },
  };
}

export type PriceRules = ReturnType<typeof createPriceRules>;
