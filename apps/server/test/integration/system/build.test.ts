import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/net.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
// only catches a process that hangs on a busy two-core machine, never one that is merely slow
const PROCESS_LIMIT_MS = 180_000;

// `npm start` and `npm run cli` run this build under plain node, with no TypeScript loader
describe('the compiled server', { timeout: 600_000 }, () => {
  // beside apps/server/dist, as the bundle finds the migrations and the web app from its own folder's parent
  const outdir = mkdtempSync(path.join(root, 'apps/server/.build-test-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qv-build-'));
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  let server: ReturnType<typeof spawn> | undefined;

  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', outdir], {
      cwd: root,
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS,
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
  });

  afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(outdir, { recursive: true, force: true });
  });

  it('applies the migrations from the command line', () => {
    const result = spawnSync(process.execPath, [path.join(outdir, 'cli.js'), 'migrate'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, migrated: true, database: 'pglite' });
  });

  it('serves HTTP once started', async () => {
    const port = await freePort();
    server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let answer: unknown;
    while (answer === undefined) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${String(server.exitCode)}`);
      const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (response?.ok) answer = await response.json();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toEqual({ status: 'ready' });
  });
});
