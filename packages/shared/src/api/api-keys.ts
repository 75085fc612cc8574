import { z } from 'zod';
import { SERVICE_CATALOGUE } from '../catalog.ts';
import { isCidr, splitAddressList } from '../ip.ts';
import { koboSchema } from './kobo.ts';

export const MAX_ALLOWED_IPS = 20;

export const allowedIpsMessages = {
  badAddress: (entry: string) =>
    `“${entry.length > 45 ? `${entry.slice(0, 45)}…` : entry}” is not an IP address or range. ` +
    'Write addresses like 203.0.113.7 and ranges like 203.0.113.0/24.',
  tooManyAddresses: `List at most ${MAX_ALLOWED_IPS} addresses or ranges.`,
} as const;

/** `test` keys buy from the simulators with a test balance of their own; `live` keys sell for real */
export const keyModes = ['live', 'test'] as const;
export const keyMode = z.enum(keyModes);
export type KeyMode = z.infer<typeof keyMode>;

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  mode: keyMode,
  /** the first characters of the key, enough to recognise it */
  prefix: z.string(),
  /** IPv4/IPv6 addresses and CIDR blocks the key may be used from; empty: any address */
  allowedIps: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** the most the key may spend in one Lagos calendar day; null: no limit */
  dailyLimitKobo: koboSchema.nullable(),
  /** the service ids the key may buy; empty: every service */
  allowedServices: z.array(z.string()),
  /** what the key has spent today (Lagos time), refunds given back */
  spentTodayKobo: koboSchema,
});
export type ApiKey = z.infer<typeof apiKey>;

/** Addresses and CIDR blocks, each checked, duplicates dropped. */
export const allowedIpsField = z
  .array(z.string().trim())
  .max(MAX_ALLOWED_IPS, allowedIpsMessages.tooManyAddresses)
  .superRefine((entries, context) => {
    const bad = entries.find((entry) => !isCidr(entry));
    if (bad !== undefined) context.addIssue({ code: 'custom', message: allowedIpsMessages.badAddress(bad) });
  })
  .transform((entries) => [...new Set(entries)]);

/** The same list typed by hand: separated by commas, spaces or new lines. */
export const allowedIpsText = z.string().transform(splitAddressList).pipe(allowedIpsField);

export const apiKeyName = z.string().trim().min(1, 'Give the key a name.').max(60);

export const apiKeyLimitMessages = {
  badLimit: 'Enter a daily limit of at least ₦1.00, or leave it empty for no limit.',
  unknownService: (id: string) => `“${id.slice(0, 40)}” is not one of our services.`,
} as const;

/** At most ₦100,000,000 a day: a typo cannot write a limit no wallet holds. */
export const MAX_DAILY_LIMIT_KOBO = 10_000_000_000;

/** A daily spend limit in kobo; null: no limit. */
export const dailyLimitField = koboSchema
  .refine((value) => value >= 100 && value <= MAX_DAILY_LIMIT_KOBO, apiKeyLimitMessages.badLimit)
  .nullable();

const serviceIds = new Set(SERVICE_CATALOGUE.map((service) => service.id));

/** Service ids the key may buy, each one we sell, duplicates dropped; empty: every service. */
export const allowedServicesField = z
  .array(z.string().max(64))
  .max(SERVICE_CATALOGUE.length)
  .superRefine((entries, context) => {
    const bad = entries.find((entry) => !serviceIds.has(entry));
    if (bad !== undefined)
      context.addIssue({ code: 'custom', message: apiKeyLimitMessages.unknownService(bad) });
  })
  .transform((entries) => [...new Set(entries)]);

const passwordField = z.string('Enter your password.').min(1, 'Enter your password.').max(1024);

/** A key can buy without the PIN, so creating one needs the password and, once set, the transaction PIN. */
export const createApiKeyBody = z.object({
  name: apiKeyName,
  password: passwordField,
  pin: z.string().max(16).optional(),
  allowedIps: allowedIpsField.optional(),
  /** default `live` */
  mode: keyMode.optional(),
  dailyLimitKobo: dailyLimitField.optional(),
  allowedServices: allowedServicesField.optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/**
 * A key's limits, replaced whole. Widening them widens what a stolen key can do, so it takes what making a key
 * takes: the password and, once set, the PIN.
 */
export const updateApiKeyLimitsBody = z.object({
  password: passwordField,
  pin: z.string().max(16).optional(),
  dailyLimitKobo: dailyLimitField,
  allowedServices: allowedServicesField,
});
export type UpdateApiKeyLimitsBody = z.input<typeof updateApiKeyLimitsBody>;

export const createApiKeyResponse = z.object({ apiKey, key: z.string() });
export const apiKeysResponse = z.object({ apiKeys: z.array(apiKey) });
export const apiKeyResponse = z.object({ apiKey });

/** The most a test balance may hold: plenty to integrate with, too little to look like real money. */
export const TEST_BALANCE_CAP_KOBO = 10_000_000_00;

export const testBalanceMessages = {
  liveKey: 'Top-ups are for test keys. Use a test key (qv_test_…), or top up from the Developers page.',
  overCap: (cap: string) => `A test balance holds at most ${cap}. Spend some first.`,
} as const;

/** Test money for a partner's test keys: any amount up to the cap, free. */
export const topUpTestBalanceBody = z.object({
  amount: z.union([z.string(), z.number()], { error: 'Enter an amount.' }),
});
export type TopUpTestBalanceBody = z.input<typeof topUpTestBalanceBody>;
