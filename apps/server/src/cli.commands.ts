import { allowedIpsText, apiKeyName } from '@quickvend/shared/api/api-keys';
import { parseNaira, toNairaString } from '@quickvend/shared/money';
import { z } from 'zod';
import type { Container } from './container.ts';
import { cliActor } from './modules/audit/index.ts';

type Options = Record<string, string | undefined>;
type Command = { usage: string; run: (container: Container, options: Options) => Promise<object> };

const emailOption = z.email('--email must be an email address').transform((s) => s.toLowerCase());
const passwordOption = z.string('--password is required').min(8, '--password must be at least 8 characters');

/** Commands that need only the database: cli.ts runs them without building the container. */
export const databaseCommands = {
  migrate: { usage: 'migrate   applies pending migrations' },
  'secrets:accept': {
    usage:
      'secrets:accept   after a deliberate change of AUTH_SECRET or PIN_PEPPER: makes this configuration the one every process must share',
  },
} as const satisfies Record<string, { usage: string }>;

export const isDatabaseCommand = (name: string): name is keyof typeof databaseCommands =>
  Object.hasOwn(databaseCommands, name);

/** Commands that run against the services, as the server would. */
export const containerCommands: Record<string, Command> = {
  'admin:create': {
    usage: 'admin:create --email E --password P [--name N]   creates an admin, or promotes an existing user',
    async run({ auth, audit, db }, options) {
      const email = emailOption.parse(options.email);
      const makeAdmin = (userId: string, action: string, before: Record<string, unknown> | null) =>
        db.transaction(async (tx) => {
          await auth.setRole(userId, 'admin', tx);
          await audit.record(
            cliActor(),
            {
              action,
              targetType: 'user',
              targetId: userId,
              before,
              after: { role: 'admin' },
            },
            tx,
          );
        });
      const existing = await auth.findUserByEmail(email);
      if (existing) {
        if (existing.role !== 'admin') await makeAdmin(existing.id, 'user.promote', { role: existing.role });
        return { user: { ...existing, role: 'admin' }, created: false, promoted: existing.role !== 'admin' };
      }
      const password = passwordOption.parse(options.password);
      const user = await auth.createUser({ email, password, name: options.name?.trim() || 'Admin' });
      await makeAdmin(user.id, 'user.create', null);
      return { user: { ...user, role: 'admin' }, created: true, promoted: true };
    },
  },
  'wallet:credit': {
    usage:
      'wallet:credit --email E --amount 1500.00 --reason "..."   credits a wallet as an audited adjustment; above the approval limit it waits for an admin to approve it, unless --override is given (the audit log records the override)',
    run: (container, options) => adjust(container, options, 'credit'),
  },
  'wallet:debit': {
    usage:
      'wallet:debit --email E --amount 200.00 --reason "..."   debits a wallet; refuses to overdraw; above the approval limit as wallet:credit (--override)',
    run: (container, options) => adjust(container, options, 'debit'),
  },
  'apikey:create': {
    usage:
      'apikey:create --email E [--name N] [--allow "CIDR,CIDR"]   turns on the user\'s partner access and prints a new partner API key once; --allow limits the addresses it works from',
    async run({ auth, partners, audit, db }, options) {
      const email = emailOption.parse(options.email);
      const name = apiKeyName.parse(options.name?.trim() || 'Partner API');
      const allowedIps = allowedIpsText.parse(options.allow ?? '');
      const user = await auth.findUserByEmail(email);
      if (!user) throw new Error(`No user with the email ${email}`);
      // a key works only for a partner, and the Developers section where they manage it shows only to one
      await db.transaction((tx) => auth.accounts.setPartnerAccess(user.id, true, tx));
      const { apiKey, key } = await partners.issueKey(user, { name, allowedIps });
      // the key can spend the wallet without a PIN: a gain of power, recorded (never the key itself)
      await audit.record(cliActor(), {
        action: 'apikey.create',
        targetType: 'user',
        targetId: user.id,
        after: { keyId: apiKey.id, keyName: apiKey.name, allowedIps: apiKey.allowedIps.join(', ') || null },
      });
      return { key, id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, allowedIps: apiKey.allowedIps };
    },
  },
  'purchases:reconcile': {
    usage: 'purchases:reconcile   requeries every pending or stuck purchase now and prints what changed',
    async run({ purchases }) {
      return { changed: await purchases.reconcile() };
    },
  },
  'reconcile:provider': {
    usage:
      "reconcile:provider [--date yyyy-MM-dd]   compares a day's purchases (yesterday in Lagos unless given) and the float with VTpass, keeps the result and prints it; exits 1 when they differ",
    async run({ dailyReconciliation }, options) {
      const result = await dailyReconciliation.run(options.date ?? dailyReconciliation.yesterday());
      return { ok: result.status === 'balanced', ...result };
    },
  },
  'ledger:verify': {
    usage: 'ledger:verify   checks every ledger invariant; exits 1 when one fails',
    async run({ ledger, funding, purchases, userAdmin }) {
      const report = await ledger.verify();
      const problems = [
        ...report.problems,
        ...(await funding.verify()),
        ...(await purchases.verify()),
        ...(await userAdmin.findMoneyInClosedAccounts()),
      ];
      return { ok: problems.length === 0, accounts: report.accounts, entries: report.entries, problems };
    },
  },
  'user:create': {
    usage: 'user:create --email E --password P --name N   creates an ordinary user',
    async run({ auth, audit }, options) {
      const email = emailOption.parse(options.email);
      const password = passwordOption.parse(options.password);
      const name = z.string('--name is required').trim().min(1, '--name is required').parse(options.name);
      // the session library makes the account in its own writes: the record follows it
      const user = await auth.createUser({ email, password, name });
      await audit.record(cliActor(), {
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        after: { role: user.role },
      });
      return { user, created: true };
    },
  },
};

/**
 * Made at once up to the approval threshold; above it, a request an admin approves on the Approvals page, unless
 * the operator passes --override, which the audit log records with their reason.
 */
async function adjust({ auth, adjustments }: Container, options: Options, direction: 'credit' | 'debit') {
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
  const isOverride = options.override === 'true';
  const outcome = await adjustments.adjustFromCommandLine(
    user.id,
    { direction, amountKobo, reason },
    cliActor(),
    { isOverride },
  );
  const asked = {
    user: { id: user.id, email: user.email },
    direction,
    amountKobo,
    amount: toNairaString(amountKobo),
    reason,
  };
  if (outcome.status === 'awaiting_approval') {
    const { approval } = outcome;
    return {
      status: outcome.status,
      ...asked,
      why: outcome.why,
      approval: {
        id: approval.id,
        kind: approval.kind,
        amountKobo: approval.amountKobo,
        amount: toNairaString(amountKobo),
        requestedBy: approval.requestedBy,
        requestedAt: approval.requestedAt,
      },
    };
  }
  const { status, ...made } = outcome;
  return {
    status,
    ...asked,
    ...(isOverride && { override: true }),
    ...made,
    balanceBefore: toNairaString(made.balanceBeforeKobo),
    balanceAfter: toNairaString(made.balanceAfterKobo),
  };
}

/** Every command with its options as `--help` prints them; the README's table is tested against this list. */
export const commandList: readonly { name: string; synopsis: string }[] = Object.entries({
  ...databaseCommands,
  ...containerCommands,
}).map(([name, { usage }]) => ({ name, synopsis: usage.split('   ')[0] ?? usage }));

export const usage = () =>
  ['Usage: npm run cli -- <command> [options]', '']
    .concat(
      [...Object.values(databaseCommands), ...Object.values(containerCommands)].map((c) => `  ${c.usage}`),
    )
    .join('\n');
