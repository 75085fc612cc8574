import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { allowedIpsText, apiKeyName } from '@quickvend/shared/api/api-keys';
import { parseNaira, toNairaString } from '@quickvend/shared/money';
import pino from 'pino';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { checkSecretFingerprints, forgetSecretFingerprints, SecretMismatchError } from './lib/secrets.ts';

type Options = Record<string, string | undefined>;
type Command = { usage: string; run: (container: Container, options: Options) => Promise<object> };

const emailOption = z.email('--email must be an email address').transform((s) => s.toLowerCase());
const passwordOption = z.string('--password is required').min(8, '--password must be at least 8 characters');

const commands: Record<string, Command> = {
  'admin:create': {
    usage: 'admin:create --email E --password P [--name N]   creates an admin, or promotes an existing user',
    async run({ auth }, options) {
      const email = emailOption.parse(options.email);
      const existing = await auth.findUserByEmail(email);
      if (existing) {
        await auth.setRole(existing.id, 'admin');
        return { user: { ...existing, role: 'admin' }, created: false, promoted: existing.role !== 'admin' };
      }
      const password = passwordOption.parse(options.password);
      const user = await auth.createUser({ email, password, name: options.name?.trim() || 'Admin' });
      await auth.setRole(user.id, 'admin');
      return { user: { ...user, role: 'admin' }, created: true, promoted: true };
    },
  },
  'wallet:credit': {
    usage:
      'wallet:credit --email E --amount 1500.00 --reason "..."   credits a wallet as an audited adjustment',
    run: (container, options) => adjust(container, options, 'credit'),
  },
  'wallet:debit': {
    usage: 'wallet:debit --email E --amount 200.00 --reason "..."   debits a wallet; refuses to overdraw',
    run: (container, options) => adjust(container, options, 'debit'),
  },
  'apikey:create': {
    usage:
      'apikey:create --email E [--name N] [--allow "cidr,cidr"]   prints a new partner API key once; --allow limits the addresses it works from',
    async run({ auth, partners }, options) {
      const email = emailOption.parse(options.email);
      const name = apiKeyName.parse(options.name?.trim() || 'Partner API');
      const allowedIps = allowedIpsText.parse(options.allow ?? '');
      const user = await auth.findUserByEmail(email);
      if (!user) throw new Error(`No user with the email ${email}`);
      const { apiKey, key } = await partners.issueKey(user, { name, allowedIps });
      return { key, id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, allowedIps: apiKey.allowedIps };
    },
  },
  'purchases:reconcile': {
    usage: 'purchases:reconcile   requeries every pending or stuck purchase now and prints what changed',
    async run({ purchases }) {
      return { changed: await purchases.reconcile() };
    },
  },
  'ledger:verify': {
    usage: 'ledger:verify   checks every ledger invariant; exits 1 when one fails',
    async run({ ledger, funding, purchases }) {
      const report = await ledger.verify();
      const problems = [...report.problems, ...(await funding.verify()), ...(await purchases.verify())];
      return { ok: problems.length === 0, accounts: report.accounts, entries: report.entries, problems };
    },
  },
  'user:create': {
    usage: 'user:create --email E --password P --name N   creates an ordinary user',
    async run({ auth }, options) {
      const email = emailOption.parse(options.email);
      const password = passwordOption.parse(options.password);
      const name = z.string('--name is required').trim().min(1, '--name is required').parse(options.name);
      return { user: await auth.createUser({ email, password, name }), created: true };
    },
  },
};

async function adjust({ auth, ledger }: Container, options: Options, direction: 'credit' | 'debit') {
  const email = emailOption.parse(options.email);
  const reason = z
    .string('--reason is required')
    .trim()
    .min(3, '--reason must say why')
    .parse(options.reason);
  let amountKobo;
  try {
    amountKobo = parseNaira(z.string('--amount is required').parse(options.amount));
  } catch (error) {
    throw new Error(`--amount: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (amountKobo <= 0) throw new Error('--amount must be more than zero');
  const user = await auth.findUserByEmail(email);
  if (!user) throw new Error(`No user with the email ${email}`);
  const result = await ledger.adjustWallet({
    userId: user.id,
    direction,
    amountKobo,
    reason,
    actor: `cli:${userInfo().username}`,
  });
  return {
    user: { id: user.id, email: user.email },
    direction,
    amountKobo,
    amount: toNairaString(amountKobo),
    reason,
    ...result,
    balanceBefore: toNairaString(result.balanceBeforeKobo),
    balanceAfter: toNairaString(result.balanceAfterKobo),
  };
}

const usage = () =>
  [
    'Usage: npm run cli -- <command> [options]',
    '',
    '  migrate   applies pending migrations',
    '  secrets:accept   after a deliberate change of AUTH_SECRET or PIN_PEPPER: makes this configuration the one every process must share',
  ]
    .concat(Object.values(commands).map((c) => `  ${c.usage}`))
    .join('\n');

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stderr.write(`${usage()}\n`);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (name !== 'migrate' && name !== 'secrets:accept' && !command) {
    process.stderr.write(`Unknown command: ${name}\n\n${usage()}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      allow: { type: 'string' },
    },
    strict: true,
  });

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (name === 'secrets:accept') {
      await forgetSecretFingerprints(database.db);
      await checkSecretFingerprints(database.db, {
        AUTH_SECRET: config.authSecret,
        PIN_PEPPER: config.pinPepper,
      });
      print({ ok: true, accepted: ['AUTH_SECRET', 'PIN_PEPPER'] });
      return 0;
    }
    if (!command) {
      print({ ok: true, migrated: true, database: database.kind });
      return 0;
    }
    const container = await createContainer({
      config,
      database,
      clock: systemClock,
      log: pino({ level: 'warn' }),
      selfUrl: `http://127.0.0.1:${config.port}`,
      runWorkers: false,
    });
    try {
      const result = await command.run(container, values);
      print({ ok: true, ...result });
      return 'ok' in result && result.ok === false ? 1 : 0;
    } finally {
      await container.close();
    }
  } finally {
    await database.close();
  }
}

function print(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

function describe(error: unknown): string {
  if (error instanceof z.ZodError) return error.issues.map((i) => i.message).join('; ');
  if (
    error instanceof AppError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof SecretMismatchError
  ) {
    return error.message;
  }
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    return error.message;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${describe(error)}\n`);
    process.exit(1);
  },
);
