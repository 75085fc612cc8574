import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Metrics } from './lib/metrics.ts';
import {
  createSandboxMailbox,
  createSandboxSms,
  type MailTransport,
  type SmsSender,
} from './modules/notifications/index.ts';
import { createPaystackGateway } from './providers/paystack/paystack.adapter.ts';
import { createSmtpTransport } from './providers/smtp/smtp.adapter.ts';
import { createTermiiSender } from './providers/termii/termii.adapter.ts';
import { createInternalSimulator, routeByMode } from './providers/test-mode.ts';
import { createAggregatorSet } from './providers/provider-set.ts';
import { createVtpassProvider } from './providers/vtpass/vtpass.adapter.ts';
import { vtpassFailureKind } from './providers/vtpass/vtpass.mapper.ts';

export const PAYSTACK_SIMULATOR_PREFIX = '/sandbox/paystack';
export const VTPASS_SIMULATOR_PREFIX = '/sandbox/vtpass/api';

export type ProvidersConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'providerMode' | 'paystack' | 'vtpass'> &
  Partial<Pick<Config, 'sms'>>;

/**
 * The one place that chooses implementations: the real providers, or their sandbox stand-ins (the simulators
 * this server serves at `selfUrl`, a mailbox and a list of text messages anyone can read).
 */
export function createProviders(deps: {
  config: ProvidersConfig;
  db: Database;
  /** Where this server can reach itself: the sandbox simulators live there. */
  selfUrl: string;
  providerTimeoutMs?: number | undefined;
  metrics?: Metrics | undefined;
  log: FastifyBaseLogger;
}) {
  const { config, db, selfUrl, metrics } = deps;
  // the sandbox mailbox shows every reset and PIN link to anyone: never in live mode
  if (config.providerMode === 'live' && !config.smtpUrl) throw new Error('PROVIDER_MODE=live needs SMTP_URL');
  const sandboxMailbox = config.smtpUrl ? undefined : createSandboxMailbox(db);
  const transport: MailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : (sandboxMailbox as MailTransport);
  // text messages: the configured provider; in the sandbox without one, a list to read; in live mode without one, none
  const sandboxSms = !config.sms && config.providerMode === 'sandbox' ? createSandboxSms(db) : undefined;
  const smsSender: SmsSender | null = config.sms ? createTermiiSender(config.sms) : (sandboxSms ?? null);
  const gateway = createPaystackGateway({
    baseUrl: config.paystack.baseUrl ?? `${selfUrl}${PAYSTACK_SIMULATOR_PREFIX}`,
    secretKey: config.paystack.secretKey,
    publicKey: config.paystack.publicKey,
  });
  const vtpass = createVtpassProvider({
    baseUrl: config.vtpass.baseUrl ?? `${selfUrl}${VTPASS_SIMULATOR_PREFIX}`,
    apiKey: config.vtpass.apiKey,
    publicKey: config.vtpass.publicKey,
    secretKey: config.vtpass.secretKey,
    ...(deps.providerTimeoutMs !== undefined && { timeoutMs: deps.providerTimeoutMs }),
    ...(metrics && {
      observe: (call) => {
        metrics.observeProviderCall('vtpass', call);
      },
    }),
  });
  // test keys: in the sandbox the same simulator as everyone; in live mode one that only this machine reaches
  const testSimulator =
    config.providerMode === 'live'
      ? createInternalSimulator({
          db,
          callbackUrl: `${selfUrl}/webhooks/vtpass`,
          log: deps.log,
          timeoutMs: deps.providerTimeoutMs,
        })
      : undefined;
  const aggregators = createAggregatorSet({ vtpass: { ...vtpass, failureKind: vtpassFailureKind } });
  const billsProvider = routeByMode(aggregators, testSimulator ?? aggregators);
  return {
    sandboxMailbox,
    transport,
    sandboxSms,
    smsSender,
    gateway,
    billsProvider,
    aggregators,
    testSimulator,
  };
}
