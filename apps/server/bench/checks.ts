import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { testConfig } from '../test/helpers/config.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { root, targets } from './measure.ts';

export function landingPayload(): void {
  const dist = path.join(root, 'apps/web/dist');
  // `/` is the landing rendered at build (landing.html); older builds served index.html there
  const indexFile = [path.join(dist, 'landing.html'), path.join(dist, 'index.html')].find((file) =>
    existsSync(file),
  );
  if (!indexFile) {
    console.log('landing page payload: skipped (run `npm run build` first)');
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  let raw = html.length;
  let gzipped = gzipSync(html).length;
  for (const asset of assets) {
    const content = readFileSync(path.join(dist, asset));
    raw += content.length;
    gzipped += gzipSync(content).length;
  }
  console.log(
    `landing page payload (${path.basename(indexFile)} + ${assets.length} eager assets): ${(raw / 1024).toFixed(1)} KiB, ` +
      `${(gzipped / 1024).toFixed(1)} KiB gzipped`,
  );
}

export async function authLatency(): Promise<void> {
  const startedAt = performance.now();
  const database = await openDatabase({ dataDir: '', inMemory: true });
  await database.migrate();
  console.log(`embedded database open + migrate: ${(performance.now() - startedAt).toFixed(0)} ms`);
  const { app } = await buildApp({
    config: testConfig,
    database,
    selfUrl: 'http://127.0.0.1:1',
    logger: false,
    rateLimits: { signIn: 1e6, signUp: 1e6, passwordReset: 1e6, windowMs: 60_000 },
  });
  const headers = { 'content-type': 'application/json' };
  const rounds = 20;
  const signUps: number[] = [];
  const signIns: number[] = [];
  const sessionReads: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const email = `bench${i}@example.com`;
    let t = performance.now();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers,
      payload: { name: 'Bench', email, password: 'bench password' },
    });
    signUps.push(performance.now() - t);
    t = performance.now();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers,
      payload: { email, password: 'bench password' },
    });
    signIns.push(performance.now() - t);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    t = performance.now();
    await app.inject({ url: '/api/v1/wallet', headers: { cookie } });
    sessionReads.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]?.toFixed(1);
  console.log(`sign-up, median of ${rounds}: ${median(signUps)} ms (Argon2id hashing included)`);
  console.log(`sign-in, median of ${rounds}: ${median(signIns)} ms`);
  console.log(`signed-in wallet read, median of ${rounds}: ${median(sessionReads)} ms`);
  console.log(`server memory after the run: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB RSS`);
  await app.close();
  await database.close();
}

/**
 * What `npm install` warns of as EBADENGINE: installed packages whose `engines.node` this Node does not satisfy,
 * read with the same semver rules npm uses.
 */
export function engineWarnings(): void {
  const { satisfies } = createRequire(import.meta.url)('semver') as {
    satisfies: (version: string, range: string) => boolean;
  };
  const refused: string[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const name of readdirSync(modules)) {
      if (name.startsWith('.')) continue;
      const folders = name.startsWith('@')
        ? readdirSync(path.join(modules, name)).map((inner) => path.join(modules, name, inner))
        : [path.join(modules, name)];
      for (const folder of folders) {
        const manifest = path.join(folder, 'package.json');
        if (existsSync(manifest)) {
          const {
            name: pkg,
            version,
            engines,
          } = JSON.parse(readFileSync(manifest, 'utf8')) as {
            name?: string;
            version?: string;
            engines?: { node?: string };
          };
          if (typeof engines?.node === 'string' && !satisfies(process.version, engines.node))
            refused.push(`${pkg ?? folder}@${version ?? '?'} (node ${engines.node})`);
        }
        visit(path.join(folder, 'node_modules'));
      }
    }
  };
  visit(path.join(root, 'node_modules'));
  for (const workspace of ['apps/server', 'apps/web', 'packages/shared'])
    visit(path.join(root, workspace, 'node_modules'));
  if (refused.length > 0)
    console.log(`packages asking for another Node than ${process.version}: ${refused.join(', ')}`);
  targets.push({
    name: `npm install on Node ${process.version}: engine warnings`,
    figure: String(refused.length),
    target: '0',
    met: refused.length === 0,
  });
}
