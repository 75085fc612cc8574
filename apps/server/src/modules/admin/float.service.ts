import { desc, isNotNull, sql } from 'drizzle-orm';
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
      if (checked.alertedAt && checked.balanceKobo !== null) {
        const mail = lowFloatMail(checked.balanceKobo, thresholdKobo, await deps.liabilities());
        for (const to of await deps.adminEmails()) await deps.sendMail({ to, ...mail });
      }
      return checked;
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
