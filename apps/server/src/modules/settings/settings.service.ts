import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MANUAL_FUNDING_CHARGE_KOBO } from '@quickvend/shared/services';
import { formatNaira } from '@quickvend/shared/money';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { backOfficeSettings } from './settings.tables.ts';

const koboSetting = z.number().int().nonnegative();

type SettingDefinition = {
  schema: typeof koboSetting;
  defaultValue: number;
  /** how a refusal names it, as a sentence's subject */
  name: string;
  /** no admin, nor any two, may set it outside these (inclusive) */
  minKobo: number;
  maxKobo: number;
};

/** Every money setting an admin may change (a second admin approving), with its bounds and its default. */
export const settingDefinitions = {
  /** wallet adjustments and manual-deposit approvals above this need a second admin (₦50,000) */
  'approvals.thresholdKobo': {
    schema: koboSetting,
    defaultValue: 5_000_000,
    name: 'The amount above which a second admin is needed',
    minKobo: 0,
    maxKobo: 100_000_000,
  },
  /**
   * what one admin may credit and debit on their own word over any 24 hours, every customer together
   * (₦200,000); what one customer receives from one admin counts against the threshold above
   */
  'approvals.dailyLimitKobo': {
    schema: koboSetting,
    defaultValue: 20_000_000,
    name: "One admin's limit in 24 hours",
    minKobo: 0,
    maxKobo: 500_000_000,
  },
  /** the provider float below which admins are warned (₦100,000) */
  'float.lowBalanceKobo': {
    schema: koboSetting,
    defaultValue: 10_000_000,
    name: 'The float warning level',
    minKobo: 0,
    maxKobo: 10_000_000_000,
  },
  /** paid to the referrer when a referred customer's first funding lands (₦50, the spec's reward) */
  'referrals.rewardKobo': {
    schema: koboSetting,
    defaultValue: 5_000,
    name: 'The referral reward',
    minKobo: 0,
    maxKobo: 500_000,
  },
  /** kept from every manual deposit an admin approves (the spec's ₦50) */
  'funding.manualChargeKobo': {
    schema: koboSetting,
    defaultValue: MANUAL_FUNDING_CHARGE_KOBO,
    name: 'The manual deposit charge',
    minKobo: 0,
    maxKobo: 100_000,
  },
  /** the smallest card payment or manual deposit a customer may make; by default the configured one */
  'funding.minimumKobo': {
    schema: koboSetting,
    defaultValue: 10_000,
    name: 'The smallest funding',
    minKobo: 100,
    maxKobo: 10_000_000,
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof settingDefinitions;
/** every setting so far is an amount in kobo */
export type SettingValue = number;

export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

/** @throws VALIDATION_FAILED (details.fields.amount) when the value is outside the setting's bounds */
export function checkSettingBounds(key: SettingKey, valueKobo: number): void {
  const { name, minKobo, maxKobo } = settingDefinitions[key];
  if (valueKobo >= minKobo && valueKobo <= maxKobo) return;
  const message = `${name} must be between ${formatNaira(minKobo)} and ${formatNaira(maxKobo)}.`;
  throw new AppError('VALIDATION_FAILED', message, { fields: { amount: message } });
}

/**
 * The stored money settings. `defaults` replaces a default from the configuration (the smallest funding);
 * changing a value goes through a second admin (setting-changes.ts), never straight through `set`.
 */
export function createSettings(
  db: Database,
  options: { defaults?: Partial<Record<SettingKey, SettingValue>> } = {},
) {
  const defaultOf = (key: SettingKey): SettingValue =>
    options.defaults?.[key] ?? settingDefinitions[key].defaultValue;

  return {
    /** The stored value, or the default when none is stored (or the stored one no longer fits its shape). */
    async get(key: SettingKey, executor: Executor = db): Promise<SettingValue> {
      const [row] = await executor
        .select({ value: backOfficeSettings.value })
        .from(backOfficeSettings)
        .where(eq(backOfficeSettings.key, key));
      const parsed = settingDefinitions[key].schema.safeParse(row?.value);
      return parsed.success ? parsed.data : defaultOf(key);
    },

    /** Every setting with its value now, and who last changed it and when (null while it is the default). */
    async list(): Promise<
      { key: SettingKey; value: SettingValue; updatedAt: Date | null; updatedBy: string | null }[]
    > {
      const rows = await db.select().from(backOfficeSettings);
      return settingKeys.map((key) => {
        const row = rows.find((candidate) => candidate.key === key);
        const parsed = settingDefinitions[key].schema.safeParse(row?.value);
        return parsed.success && row
          ? { key, value: parsed.data, updatedAt: row.updatedAt, updatedBy: row.updatedBy }
          : { key, value: defaultOf(key), updatedAt: null, updatedBy: null };
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
