import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { backOfficeSettings } from './settings.tables.ts';

const koboSetting = z.number().int().nonnegative();

/** Every setting an admin may change, with its shape and its value until someone changes it. */
export const settingDefinitions = {
  /** wallet adjustments and manual-deposit approvals above this need a second admin (₦50,000) */
  'approvals.thresholdKobo': { schema: koboSetting, defaultValue: 5_000_000 },
  /**
   * what one admin may credit and debit on their own word over any 24 hours, every customer together
   * (₦200,000); what one customer receives from one admin counts against the threshold above
   */
  'approvals.dailyLimitKobo': { schema: koboSetting, defaultValue: 20_000_000 },
  /** the provider float below which admins are warned (₦100,000) */
  'float.lowBalanceKobo': { schema: koboSetting, defaultValue: 10_000_000 },
  /** paid to the referrer when a referred customer's first funding lands (₦50, the spec's reward) */
  'referrals.rewardKobo': { schema: koboSetting, defaultValue: 5_000 },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
/** every setting so far is an amount in kobo */
export type SettingValue = number;

export function createSettings(db: Database) {
  return {
    /** The stored value, or the default when none is stored (or the stored one no longer fits its shape). */
    async get(key: SettingKey, executor: Executor = db): Promise<SettingValue> {
      const [row] = await executor
        .select({ value: backOfficeSettings.value })
        .from(backOfficeSettings)
        .where(eq(backOfficeSettings.key, key));
      const definition = settingDefinitions[key];
      const parsed = definition.schema.safeParse(row?.value);
      return parsed.success ? parsed.data : definition.defaultValue;
    },

    /** Every setting with its value now, and who last changed it and when (null while it is the default). */
    async list(): Promise<
      { key: SettingKey; value: SettingValue; updatedAt: Date | null; updatedBy: string | null }[]
    > {
      const rows = await db.select().from(backOfficeSettings);
      return (Object.keys(settingDefinitions) as SettingKey[]).map((key) => {
        const row = rows.find((candidate) => candidate.key === key);
        const parsed = settingDefinitions[key].schema.safeParse(row?.value);
        return parsed.success && row
          ? { key, value: parsed.data, updatedAt: row.updatedAt, updatedBy: row.updatedBy }
          : { key, value: settingDefinitions[key].defaultValue, updatedAt: null, updatedBy: null };
      });
    },

    /** @returns the value before the change */
    async set(
      key: SettingKey,
      value: SettingValue,
      updatedBy: string | null,
      executor: Executor = db,
    ): Promise<SettingValue> {
      const before = await this.get(key, executor);
      const stored = settingDefinitions[key].schema.parse(value);
      await executor
        .insert(backOfficeSettings)
        .values({ key, value: stored, updatedBy })
        .onConflictDoUpdate({
          target: backOfficeSettings.key,
          set: { value: stored, updatedBy, updatedAt: new Date() },
        });
      return before;
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
