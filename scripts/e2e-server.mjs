// The server the browser tests drive: the built app on a fresh embedded database, sandbox providers,
// and one admin made through the operator CLI, as an operator would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'qv-e2e-'));
process.env.DATABASE_URL = '';
process.env.PROVIDER_MODE = 'sandbox';
process.env.LOG_LEVEL ??= 'warn';
// every journey signs someone up from this one address
process.env.AUTH_RATE_LIMIT ??= '1000';

const admin = spawnSync(
  process.execPath,
  [
    'scripts/cli.mjs',
    'admin:create',
    '--email',
    'admin@e2e.test',
    '--password',
    'admin password',
    '--name',
    'E2E Admin',
  ],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (admin.status !== 0) process.exit(admin.status ?? 1);

await import('./start.mjs');
