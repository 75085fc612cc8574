// The server the browser tests drive: the built app on a fresh embedded database, sandbox providers,
// and two admins made through the operator CLI, as an operator would: every money and power decision of one
// admin waits for the other.
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

for (const [email, password, name] of [
  ['admin@e2e.test', 'admin password', 'E2E Admin'],
  ['checker@e2e.test', 'checker password', 'E2E Checker'],
]) {
  const admin = spawnSync(
    process.execPath,
    ['scripts/cli.mjs', 'admin:create', '--email', email, '--password', password, '--name', name],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (admin.status !== 0) process.exit(admin.status ?? 1);
}

await import('./start.mjs');
