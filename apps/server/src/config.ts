import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isCidr } from '@quickvend/shared/ip';
import type { DepositAccount } from '@quickvend/shared/api/funding';
import type { SupportContact } from '@quickvend/shared/api/meta';
import { parseNaira, type Kobo } from '@quickvend/shared/money';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce.number().int().min(1).max(65_535);
const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const contactPhone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s()-]{7,20}$/, 'must be a phone number, such as 0801 234 5678 or +234 801 234 5678')
  .optional();
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' }).optional();

/** Connections each process's query pool may open on PostgreSQL (the job queue and listeners have their own). */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number from 2 to 500' })
    .int('must be a whole number from 2 to 500')
    .min(2, 'must be a whole number from 2 to 500')
    .max(500, 'must be a whole number from 2 to 500')
    .default(DEFAULT_DATABASE_POOL_SIZE),
  PROVIDER_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' }).default('all'),
  VTPASS_BASE_URL: optionalUrl,
  VTPASS_API_KEY: z.string().min(1).optional(),
  VTPASS_PUBLIC_KEY: z.string().min(1).optional(),
  VTPASS_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_BASE_URL: optionalUrl,
  PAYSTACK_PUBLIC_KEY: z.string().min(1).optional(),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PIN_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  FUNDING_MIN_AMOUNT: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount in naira, such as 100 or 250.50')
    .default('100'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  PARTNER_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(20),
  PURCHASE_RECHECK_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) => /^(false|off|\d{1,2})$/.test(value) || value.split(',').every((part) => isCidr(part.trim())),
      'must be a number of proxy hops (such as 1) or proxy addresses and CIDR blocks separated by commas',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_PHONE: contactPhone,
  SUPPORT_EMAIL: z.email().optional(),
  SUPPORT_WHATSAPP: contactPhone,
  SOCIAL_FACEBOOK_URL: httpsUrl,
  SOCIAL_INSTAGRAM_URL: httpsUrl,
  SOCIAL_GITHUB_URL: httpsUrl,
  MANUAL_DEPOSIT_BANK: z.string().trim().min(2).max(100).optional(),
  MANUAL_DEPOSIT_ACCOUNT_NAME: z.string().trim().min(2).max(100).optional(),
  MANUAL_DEPOSIT_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'must be the 10-digit account number (NUBAN)')
    .optional(),
  SMS_PROVIDER: z.enum(['termii'], { error: 'must be termii, or unset for no text messages' }).optional(),
  TERMII_API_KEY: z.string().trim().min(10).optional(),
  TERMII_SENDER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be the approved sender ID: 3 to 11 letters or digits')
    .optional(),
  TERMII_BASE_URL: httpsUrl,
  TERMII_CHANNEL: z.enum(['dnd', 'generic']).default('dnd'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{32,200}$/, 'must be at least 32 characters, with no spaces')
    .optional(),
  MAX_EVENT_STREAMS: z.coerce
    .number({ error: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(2_000),
});

const TERMII_KEYS = ['TERMII_API_KEY', 'TERMII_SENDER_ID'] as const;
// each Termii account is given its own base URL on the dashboard; this one serves most Nigerian accounts
const DEFAULT_TERMII_BASE_URL = 'https://api.ng.termii.com';

/** Termii (termii.com), the SMS provider adapter shipped: POST /api/sms/send. */
export type SmsConfig = {
  provider: 'termii';
  baseUrl: string;
  apiKey: string;
  senderId: string;
  /** `dnd` reaches numbers on Do-Not-Disturb (transactional route); `generic` is promotional only */
  channel: 'dnd' | 'generic';
};

const DEPOSIT_ACCOUNT_KEYS = [
  'MANUAL_DEPOSIT_BANK',
  'MANUAL_DEPOSIT_ACCOUNT_NAME',
  'MANUAL_DEPOSIT_ACCOUNT_NUMBER',
] as const;

const SECRET_KEYS = ['AUTH_SECRET', 'PIN_PEPPER'] as const;

function missingSecretsMessage(missing: readonly string[], dataDir: string): string {
  const generated = path.join(dataDir, 'secrets.json');
  const earlier = existsSync(generated) ? `; those an earlier start generated are in ${generated}` : '';
  return (
    `DATABASE_URL is set, so ${missing.join(' and ')} must be set too, to the same values in every process ` +
    `on the database (make one with: openssl rand -hex 32)${earlier}`
  );
}

const LIVE_REQUIRED = [
  'VTPASS_API_KEY',
  'VTPASS_PUBLIC_KEY',
  'VTPASS_SECRET_KEY',
  'PAYSTACK_PUBLIC_KEY',
  'PAYSTACK_SECRET_KEY',
  'AUTH_SECRET',
  'PIN_PEPPER',
  'APP_URL',
  // without real mail, reset and PIN links would only be readable in the sandbox mailbox
  'SMTP_URL',
] as const;

/** Which proxies to believe about the client's address: the nearest `hops`, or those at these addresses. */
export type TrustProxy = { hops: number } | { addresses: string[] };

// the vendors' own hosts; without a base URL the clients talk to the sandbox simulators, which live mode never mounts
const LIVE_VTPASS_BASE_URL = 'https://api-service.vtpass.com/api';
const LIVE_PAYSTACK_BASE_URL = 'https://api.paystack.co';

/** `all`: HTTP and jobs in one process; `web`: HTTP only (jobs are sent, not run); `worker`: jobs only. */
export type Role = 'all' | 'web' | 'worker';

export type Config = {
  role: Role;
  port: number;
  host: string;
  appUrl: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** the most connections the query pool opens on PostgreSQL */
  databasePoolSize: number;
  providerMode: 'sandbox' | 'live';
  vtpass: { baseUrl: string | undefined; apiKey: string; publicKey: string; secretKey: string };
  paystack: { baseUrl: string | undefined; publicKey: string; secretKey: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  pinPepper: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  minFundingKobo: Kobo;
  /** a purchase left `processing` this long (a crash mid-call) is requeried */
  purchaseRecheckAfterSeconds: number;
  /** wrong sign-ins allowed per account and address per 10 minutes (see `AuthRateLimits`) */
  authRateLimit: number;
  /** requests each partner's API keys may make together per second, across every process */
  partnerRequestsPerSecond: number;
  trustProxy: TrustProxy | undefined;
  /** shown to customers on the public pages; what is not set is not shown */
  support: SupportContact;
  /** where customers pay manual deposits; null until all three MANUAL_DEPOSIT_* variables are set */
  depositAccount: DepositAccount | null;
  /** the SMS provider; null sends no real text messages (the sandbox keeps them for reading instead) */
  sms: SmsConfig | null;
  /** the bearer token the monitoring scraper sends to GET /metrics; unset, there are no metrics to read */
  metricsToken: string | undefined;
  /** live event streams (open signed-in pages) this process holds at once; more are answered 503 */
  maxEventStreams: number;
};

type Env = Record<string, string | undefined>;

/** Parses the environment; throws ConfigError naming the variable when a value is wrong. */
export function loadConfig(env: Env = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, emptyToUndefined(env[key])]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `ROLE=${e.ROLE} needs DATABASE_URL: the embedded database serves one process, so without PostgreSQL use ROLE=all (the default)`,
    );
  }
  if (e.PROVIDER_MODE === 'live') {
    const missing = LIVE_REQUIRED.filter((key) => !e[key]);
    if (missing.length > 0) {
      throw new ConfigError(`PROVIDER_MODE=live needs these variables set: ${missing.join(', ')}`);
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL) {
    const missing = SECRET_KEYS.filter((key) => !e[key]);
    // a process that made up its own secrets would sign sessions no other process accepts
    if (missing.length > 0) throw new ConfigError(missingSecretsMessage(missing, dataDir));
  }
  const depositKeys = DEPOSIT_ACCOUNT_KEYS.filter((key) => e[key]);
  if (depositKeys.length > 0 && depositKeys.length < DEPOSIT_ACCOUNT_KEYS.length) {
    const missing = DEPOSIT_ACCOUNT_KEYS.filter((key) => !e[key]);
    throw new ConfigError(
      `The manual deposit account needs all of its variables; missing: ${missing.join(', ')}`,
    );
  }
  if (e.SMS_PROVIDER === 'termii') {
    const missing = TERMII_KEYS.filter((key) => !e[key]);
    if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=termii needs: ${missing.join(', ')}`);
  } else if (TERMII_KEYS.some((key) => e[key])) {
    throw new ConfigError(
      'TERMII_API_KEY or TERMII_SENDER_ID is set but SMS_PROVIDER is not: set SMS_PROVIDER=termii',
    );
  }
  const isLive = e.PROVIDER_MODE === 'live';
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const secrets = e.AUTH_SECRET && e.PIN_PEPPER ? undefined : loadOrCreateSecrets(dataDir);
  return {
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    isHttps: appUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    providerMode: e.PROVIDER_MODE,
    vtpass: {
      baseUrl: e.VTPASS_BASE_URL ?? (isLive ? LIVE_VTPASS_BASE_URL : undefined),
      apiKey: e.VTPASS_API_KEY ?? 'sandbox-api-key',
      publicKey: e.VTPASS_PUBLIC_KEY ?? 'PK_sandbox',
      secretKey: e.VTPASS_SECRET_KEY ?? 'SK_sandbox',
    },
    paystack: {
      baseUrl: e.PAYSTACK_BASE_URL ?? (isLive ? LIVE_PAYSTACK_BASE_URL : undefined),
      publicKey: e.PAYSTACK_PUBLIC_KEY ?? 'pk_test_sandbox',
      secretKey: e.PAYSTACK_SECRET_KEY ?? 'sk_test_sandbox',
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'QuickVend <no-reply@quickvend.local>',
    authSecret: e.AUTH_SECRET ?? secrets?.authSecret ?? '',
    pinPepper: e.PIN_PEPPER ?? secrets?.pinPepper ?? '',
    logLevel: e.LOG_LEVEL,
    minFundingKobo: parseNaira(e.FUNDING_MIN_AMOUNT),
    purchaseRecheckAfterSeconds: e.PURCHASE_RECHECK_AFTER_SECONDS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    partnerRequestsPerSecond: e.PARTNER_REQUESTS_PER_SECOND,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    support: {
      phone: e.SUPPORT_PHONE ?? null,
      email: e.SUPPORT_EMAIL ?? null,
      whatsappUrl: e.SUPPORT_WHATSAPP ? `https://wa.me/${internationalDigits(e.SUPPORT_WHATSAPP)}` : null,
      links: (
        [
          ['Facebook', e.SOCIAL_FACEBOOK_URL],
          ['Instagram', e.SOCIAL_INSTAGRAM_URL],
          ['GitHub', e.SOCIAL_GITHUB_URL],
        ] as const
      ).flatMap(([name, url]) => (url ? [{ name, url }] : [])),
    },
    depositAccount:
      e.MANUAL_DEPOSIT_BANK && e.MANUAL_DEPOSIT_ACCOUNT_NAME && e.MANUAL_DEPOSIT_ACCOUNT_NUMBER
        ? {
            bankName: e.MANUAL_DEPOSIT_BANK,
            accountName: e.MANUAL_DEPOSIT_ACCOUNT_NAME,
            accountNumber: e.MANUAL_DEPOSIT_ACCOUNT_NUMBER,
          }
        : null,
    sms:
      e.SMS_PROVIDER === 'termii' && e.TERMII_API_KEY && e.TERMII_SENDER_ID
        ? {
            provider: 'termii',
            baseUrl: (e.TERMII_BASE_URL ?? DEFAULT_TERMII_BASE_URL).replace(/\/+$/, ''),
            apiKey: e.TERMII_API_KEY,
            senderId: e.TERMII_SENDER_ID,
            channel: e.TERMII_CHANNEL,
          }
        : null,
    metricsToken: e.METRICS_TOKEN,
    maxEventStreams: e.MAX_EVENT_STREAMS,
  };
}

/** `2348012345678` from `0801 234 5678` or `+234 801 234 5678`: what a wa.me link takes. */
function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') && digits.length === 11 ? `234${digits.slice(1)}` : digits;
}

function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value === 'false' || value === 'off' || value === '0') return undefined;
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  return { addresses: value.split(',').map((part) => part.trim()) };
}

type Secrets = { authSecret: string; pinPepper: string };

function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = z
      .object({ authSecret: z.string().min(32), pinPepper: z.string().min(32) })
      .parse(JSON.parse(readFileSync(file, 'utf8')));
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`${file} is unreadable; delete it to generate new secrets (${String(error)})`);
    }
  }
  const secrets = {
    authSecret: randomBytes(32).toString('base64url'),
    pinPepper: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  // 'wx': if another process wrote the file first, use theirs
  try {
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
    return secrets;
  } catch {
    return loadOrCreateSecrets(dataDir);
  }
}
