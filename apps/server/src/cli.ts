import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { containerCommands, isDatabaseCommand, usage } from './cli.commands.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContainer } from './container.ts';
import { DatabaseConnectionError, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { createLogger } from './lib/logger.ts';
import { checkSecretFingerprints, forgetSecretFingerprints, SecretMismatchError } from './lib/secrets.ts';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stderr.write(`${usage()}\n`);
    return name ? 0 : 2;
  }
  const command = Object.hasOwn(containerCommands, name) ? containerCommands[name] : undefined;
  if (!isDatabaseCommand(name) && !command) {
    process.stderr.write(`Unknown command: ${name}\n\n${usage()}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      date: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      allow: { type: 'string' },
      override: { type: 'boolean' },
    },
    strict: true,
  });
  // a bare flag (`--override`) reaches a command as 'true'
  const options = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'boolean' ? String(value) : value]),
  );

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
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
      // stdout carries the one JSON answer: warnings (a day that does not reconcile, a low float) go to stderr
      log: createLogger('warn', pino.destination(2)),
      selfUrl: `http://127.0.0.1:${config.port}`,
      runWorkers: false,
    });
    try {
      const result = await command.run(container, options);
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
    error instanceof DatabaseConnectionError ||
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
