import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { startJobQueue } from './lib/jobs.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createFundingService, PROCESS_WEBHOOK_JOB } from './modules/funding/index.ts';
import { createLedger } from './modules/ledger/index.ts';
import { createMailer, createSandboxMailbox, type MailTransport } from './modules/notifications/index.ts';
import { startBalanceFeed } from './modules/wallet/index.ts';
import { createPaystackGateway } from './providers/paystack/paystack.adapter.ts';
import { createSmtpTransport } from './providers/smtp/smtp.adapter.ts';

export const PAYSTACK_SIMULATOR_PREFIX = '/sandbox/paystack';

export type ContainerConfig = Pick<
  Config,
  | 'appUrl'
  | 'isHttps'
  | 'authSecret'
  | 'smtpUrl'
  | 'mailFrom'
  | 'providerMode'
  | 'paystack'
  | 'minFundingKobo'
>;

export type ContainerDeps = {
  config: ContainerConfig;
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where this server can reach itself: the sandbox simulators live there. */
  selfUrl: string;
  jobPollingSeconds?: number;
  /** Start background workers (the server does; one-shot CLI commands do not). */
  runWorkers: boolean;
};

/** The one place that chooses implementations: real providers or their sandbox stand-ins. */
export async function createContainer({ config, database, clock, log, selfUrl, ...options }: ContainerDeps) {
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
  const gateway = createPaystackGateway({
    baseUrl: config.paystack.baseUrl ?? `${selfUrl}${PAYSTACK_SIMULATOR_PREFIX}`,
    secretKey: config.paystack.secretKey,
    publicKey: config.paystack.publicKey,
  });
  const jobs = await startJobQueue(database.jobsConnection, {
    log,
    ...(options.jobPollingSeconds !== undefined && { pollingIntervalSeconds: options.jobPollingSeconds }),
  });
  const funding = createFundingService({
    db,
    ledger,
    gateway,
    jobs,
    clock,
    appUrl: config.appUrl,
    minAmountKobo: config.minFundingKobo,
    log,
  });
  if (options.runWorkers) {
    await jobs.work(PROCESS_WEBHOOK_JOB, z.object({ eventId: z.string() }), ({ eventId }) =>
      funding.processWebhook(eventId, (payload) =>
        gateway.readWebhookEvent(Buffer.from(JSON.stringify(payload))),
      ),
    );
  }
  const balanceFeed = await startBalanceFeed(database.listen, log);

  return {
    db,
    ledger,
    auth,
    mailer,
    sandboxMailbox,
    gateway,
    jobs,
    funding,
    balanceFeed,
    async close() {
      await balanceFeed.close();
      await jobs.stop();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
