// The server runs as compiled JavaScript: esbuild bundles apps/server/src/main.ts and cli.ts, with the workspace
// package @quickvend/shared (TypeScript sources) inlined, into one file each in apps/server/dist. Every other
// package stays an import from node_modules, so the build runs on production dependencies alone; esbuild itself
// is a development dependency, loaded only when a build is needed. Migrations are not bundled: the server reads
// them from apps/server/drizzle at run time. `node scripts/build-server.mjs [outdir]` builds; start.mjs and
// cli.mjs build first when the sources are newer than the build.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = ['main', 'cli'];
const sources = ['apps/server/src', 'packages/shared/src', 'scripts/build-server.mjs'];

export const serverDist = path.join(root, 'apps/server/dist');

export function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

function isStale(outdir) {
  const builtAt = Math.min(
    ...entries.map((name) => {
      const file = path.join(outdir, `${name}.js`);
      return existsSync(file) ? statSync(file).mtimeMs : 0;
    }),
  );
  return sources.some((source) => newestChange(path.join(root, source)) > builtAt);
}

/** Builds into `outdir` (a folder directly in apps/server: see src/server-dir.ts). */
export async function buildServer(outdir = serverDist) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: entries.map((name) => path.join(root, `apps/server/src/${name}.ts`)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@quickvend/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // each file is written beside its final name and renamed over it: a process starting meanwhile reads a whole
  // file, old or new, even when several processes build at once
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

export async function buildServerIfStale() {
  if (!isStale(serverDist)) return;
  if (!existsSync(path.join(root, 'node_modules/esbuild'))) {
    process.stderr.write(
      'The server needs building (its sources are newer than apps/server/dist), which needs the development dependencies: run `npm ci` (without --omit=dev), then `npm run build`.\n',
    );
    process.exit(1);
  }
  process.stderr.write('Building the server...\n');
  await buildServer();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : serverDist);
}
