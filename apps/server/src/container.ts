import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createLedger } from './modules/ledger/index.ts';
import { createMailer, createSandboxMailbox, type MailTransport } from './modules/notifications/index.ts';
import { createSmtpTransport } from './providers/smtp/smtp.adapter.ts';

export type ContainerDeps = {
  config: Pick<Config, 'appUrl' | 'isHttps' | 'authSecret' | 'smtpUrl' | 'mailFrom' | 'providerMode'>;
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** The one place that chooses implementations: real providers or their sandbox stand-ins. */
export function createContainer({ config, database, clock, log }: ContainerDeps) {
  const { db } = database;
  const sandboxMailbox = config.smtpUrl ? undefined : createSandboxMailbox(db);
  const transport: MailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : (sandboxMailbox as MailTransport);
  const mailer = createMailer(transport, log);
  const ledger = createLedger(db);
  const auth = createAuthService({
    db,
    appUrl: config.appUrl,
    secret: config.authSecret,
    isHttps: config.isHttps,
    mailer,
    clock,
    onUserCreated: (userId) => ledger.openWalletAccount(userId),
    log,
  });
  return { db, ledger, auth, mailer, sandboxMailbox };
}

export type Container = ReturnType<typeof createContainer>;
