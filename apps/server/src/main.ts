import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { DatabaseConnectionError, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { createLogger } from './lib/logger.ts';
import { SecretMismatchError } from './lib/secrets.ts';
import { startWorker } from './worker.ts';

// beyond the job queue's own 10 s for running jobs: a request or job that never ends does not keep the process
const SHUTDOWN_DEADLINE_MS = 30_000;

async function start(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  if (config.role === 'worker') {
    // in sandbox mode the simulators are served by the web processes: a worker reaches them at APP_URL
    const worker = await startWorker({ config, database, log, webUrl: config.appUrl });
    handleSignals(log, async () => {
      await worker.close();
      await database.close();
    });
    log.info(
      { database: database.kind, mode: config.providerMode, role: config.role },
      'QuickVend worker is running jobs',
    );
    return;
  }
  const selfHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const { app } = await buildApp({
    config,
    database,
    logger: log,
    selfUrl: `http://${selfHost}:${config.port}`,
    runWorkers: config.role === 'all',
    ...(config.trustProxy && { trustProxy: config.trustProxy }),
    support: config.support,
    depositAccount: config.depositAccount,
    partnerRequestsPerSecond: config.partnerRequestsPerSecond,
    rateLimits: {
      signIn: config.authRateLimit,
      signUp: config.authRateLimit,
      passwordReset: Math.max(1, Math.floor(config.authRateLimit / 2)),
      windowMs: 10 * 60 * 1000,
    },
  });

  // stops accepting and waits for requests in flight; then the container drains its notices and stops the
  // job queue, letting running jobs finish
  handleSignals(log, async () => {
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  log.info(
    { url: config.appUrl, database: database.kind, mode: config.providerMode, role: config.role },
    `QuickVend is running at ${config.appUrl}`,
  );
}

/** SIGTERM or SIGINT: finish the work in progress within the deadline; a second signal exits at once. */
function handleSignals(log: ReturnType<typeof createLogger>, stop: () => Promise<void>): void {
  let signals = 0;
  const shutdown = async (signal: string) => {
    signals += 1;
    if (signals > 1) {
      log.warn({ signal }, 'second signal: stopping now, without waiting for work in progress');
      process.exit(1);
    }
    log.info({ signal }, 'shutting down: finishing the requests and jobs in progress');
    setTimeout(() => {
      log.error('shutdown took too long: stopping now');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

start().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseConnectionError ||
    error instanceof SecretMismatchError
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
