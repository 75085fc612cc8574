// `npm start`: build the web app and the server when their sources are newer than their builds, then run the
// compiled server (which applies migrations) in this same process. `npm run worker` (--worker) runs
// ROLE=worker: jobs only, so no web build.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, newestChange } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/landing.html',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

if (process.argv.includes('--worker')) process.env['ROLE'] = 'worker';
const servesWeb = process.env['ROLE'] !== 'worker';

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (servesWeb && sources.some((source) => newestChange(path.join(root, source)) > builtAt)) {
  process.stdout.write('Building the web app...\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@quickvend/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildServerIfStale();
await import('../apps/server/dist/main.js');
