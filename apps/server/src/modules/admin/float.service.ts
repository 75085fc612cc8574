import { and, asc, desc, gt, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Mail } from '../notifications/index.ts';
import type { Settings } from '../settings/index.ts';
import { providerFloatChecks } from './admin.tables.ts';
import type { ProviderFloat } from './float.port.ts';

export const CHECK_FLOAT_JOB = 'admin.check-float';

export type FloatCheck = typeof providerFloatChecks.$inferSelect;

/** A reading of the float that has a balance. */
export type FloatReading = { checkedAt: Date; balanceKobo: Kobo };

/** How long before a day starts a reading may be and still count as the day's opening balance. */
const OPENING_READING_WITHIN_MS = 60 * 60_000;

export type FloatDeps = {
  db: Database;
  provider: ProviderFloat;
  settings: Pick<Settings, 'get'>;
  clock: Clock;
  /** every wallet's balance, summed */
  liabilities: () => Promise<Kobo>;
  adminEmails: () => Promise<string[]>;
  sendMail: (mail: Mail) => Promise<void>;
  log: FastifyBaseLogger;
};

const lowFloatMail = (balanceKobo: Kobo, thresholdKobo: Kobo, liabilitiesKobo: Kobo) => ({
  subject: `VTpass float is low: ${formatNaira(balanceKobo)}`,
  text: [
    `The VTpass wallet holds ${formatNaira(balanceKobo)}, below the ${formatNaira(thresholdKobo)} you set as its low-balance threshold.`,
    `Customers' wallets hold ${formatNaira(liabilitiesKobo)} they can spend.`,
    'Top up the VTpass wallet before purchases start failing. You will not be told again until the balance has gone back above the threshold and fallen below it once more.',
  ].join('\n\n'),
});

/**
 * The provider's float, read by a job and kept as a history of readings. Admins are mailed once per crossing
 * below the low-balance threshold: a reading alerts only when the reading before it (with a balance) was not
 * below. Readings are taken one at a time (a table lock), so two checks at once cannot both alert.
 */
export function createFloatMonitor(deps: FloatDeps) {
  const { db, clock } = deps;

  async function latestReading(): Promise<FloatCheck | null> {
    const [row] = await db
      .select()
      .from(providerFloatChecks)
      .where(isNotNull(providerFloatChecks.balanceKobo))
      .orderBy(desc(providerFloatChecks.checkedAt), desc(providerFloatChecks.id))
      .limit(1);
    return row ?? null;
  }

  const monitor = {
    /** Asks the provider now and records the answer (or why there was none); mails the admins on a crossing. */
    async check(): Promise<FloatCheck> {
      const thresholdKobo = kobo(await deps.settings.get('float.lowBalanceKobo'));
      let balanceKobo: Kobo | null = null;
      let error: string | null = null;
      try {
        balanceKobo = await deps.provider.balance();
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        deps.log.warn({ err: failure }, 'could not read the provider float');
      }
      const checked = await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${providerFloatChecks} in share row exclusive mode`);
        const [previous] = await tx
          .select({ below: providerFloatChecks.below })
          .from(providerFloatChecks)
          .where(isNotNull(providerFloatChecks.balanceKobo))
          .orderBy(desc(providerFloatChecks.checkedAt), desc(providerFloatChecks.id))
          .limit(1);
        const below = balanceKobo !== null && balanceKobo < thresholdKobo;
        const crossed = below && !(previous?.below ?? false);
        const now = clock.now();
        const [row] = await tx
          .insert(providerFloatChecks)
          .values({
            id: newId('flt'),
            checkedAt: now,
            balanceKobo,
            thresholdKobo,
            below,
            alertedAt: crossed ? now : null,
            error,
          })
          .returning();
        if (!row) throw new Error('float check was not recorded');
        return row;
      });
      if (checked.below && checked.balanceKobo !== null) {
        deps.log.warn(
          {
            balanceKobo: checked.balanceKobo,
            thresholdKobo,
            balance: formatNaira(checked.balanceKobo),
            threshold: formatNaira(thresholdKobo),
          },
          'provider float below the warning level',
        );
      }
      if (checked.alertedAt && checked.balanceKobo !== null) {
        const mail = lowFloatMail(checked.balanceKobo, thresholdKobo, await deps.liabilities());
        for (const to of await deps.adminEmails()) await deps.sendMail({ to, ...mail });
      }
      return checked;
    },

    /**
     * The readings that bound a period, for comparing the float's movement with the sales in between: the
     * last at or before `from` (up to an hour before), else the first after it; and the last at or before
     * `to` that is later than that. Null where there is none.
     */
    async readingsFor(range: { from: Date; to: Date }): Promise<{
      start: FloatReading | null;
      end: FloatReading | null;
    }> {
      const reading = {
        checkedAt: providerFloatChecks.checkedAt,
        balanceKobo: providerFloatChecks.balanceKobo,
      };
      const withBalance = isNotNull(providerFloatChecks.balanceKobo);
      const [opening] = await db
        .select(reading)
        .from(providerFloatChecks)
        .where(
          and(
            withBalance,
            gte(providerFloatChecks.checkedAt, new Date(range.from.getTime() - OPENING_READING_WITHIN_MS)),
            lte(providerFloatChecks.checkedAt, range.from),
          ),
        )
        .orderBy(desc(providerFloatChecks.checkedAt), desc(providerFloatChecks.id))
        .limit(1);
      const [first] = opening
        ? [opening]
        : await db
            .select(reading)
            .from(providerFloatChecks)
            .where(
              and(
                withBalance,
                gt(providerFloatChecks.checkedAt, range.from),
                lte(providerFloatChecks.checkedAt, range.to),
              ),
            )
            .orderBy(asc(providerFloatChecks.checkedAt), asc(providerFloatChecks.id))
            .limit(1);
      const start =
        first?.balanceKobo == null ? null : { checkedAt: first.checkedAt, balanceKobo: first.balanceKobo };
      if (!start) return { start: null, end: null };
      const [last] = await db
        .select(reading)
        .from(providerFloatChecks)
        .where(
          and(
            withBalance,
            gt(providerFloatChecks.checkedAt, start.checkedAt),
            lte(providerFloatChecks.checkedAt, range.to),
          ),
        )
        .orderBy(desc(providerFloatChecks.checkedAt), desc(providerFloatChecks.id))
        .limit(1);
      const end =
        last?.balanceKobo == null ? null : { checkedAt: last.checkedAt, balanceKobo: last.balanceKobo };
      return { start, end };
    },

    /**
     * The last balance read, and the latest failure after it (if any), against today's threshold. The very first
     * time, before any job has run, it asks the provider.
     */
    async status() {
      const latestCheck = () =>
        db
          .select()
          .from(providerFloatChecks)
          .orderBy(desc(providerFloatChecks.checkedAt), desc(providerFloatChecks.id))
          .limit(1);
      let [latest] = await latestCheck();
      if (!latest) latest = await monitor.check();
      const [reading, thresholdKobo, liabilitiesKobo] = await Promise.all([
        latestReading(),
        deps.settings.get('float.lowBalanceKobo'),
        deps.liabilities(),
      ]);
      const balanceKobo = reading?.balanceKobo ?? null;
      return {
        balanceKobo,
        checkedAt: reading?.checkedAt ?? null,
        error: latest.balanceKobo === null ? latest.error : null,
        thresholdKobo: kobo(thresholdKobo),
        below: balanceKobo !== null && balanceKobo < thresholdKobo,
        liabilitiesKobo,
      };
    },
  };
  return monitor;
}

export type FloatMonitor = ReturnType<typeof createFloatMonitor>;
