// `npm run bench`: measurements, not pass/fail tests. Prints what it measured on this machine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { kobo } from '@quickvend/shared/money';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function landingPayload(): void {
  const dist = path.join(root, 'apps/web/dist');
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) {
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
    `landing page payload (index.html + ${assets.length} eager assets): ${(raw / 1024).toFixed(1)} KiB, ` +
      `${(gzipped / 1024).toFixed(1)} KiB gzipped`,
  );
}

async function authLatency(): Promise<void> {
  const startedAt = performance.now();
  const database = await openDatabase({ dataDir: '', inMemory: true });
  await database.migrate();
  console.log(`embedded database open + migrate: ${(performance.now() - startedAt).toFixed(0)} ms`);
  const { app } = await buildApp({
    config: {
      appUrl: 'http://localhost:3000',
      isHttps: false,
      authSecret: 'bench-secret-bench-secret-bench-secret-0',
      smtpUrl: undefined,
      mailFrom: 'bench@example.com',
      providerMode: 'sandbox',
      paystack: { baseUrl: undefined, publicKey: 'pk_test_sandbox', secretKey: 'sk_test_sandbox' },
      minFundingKobo: kobo(10_000),
      vtpass: {
        baseUrl: undefined,
        apiKey: 'sandbox-api-key',
        publicKey: 'PK_sandbox',
        secretKey: 'SK_sandbox',
      },
      pinPepper: 'test-pepper-test-pepper-test-pepper-0123',
      purchaseRecheckAfterSeconds: 60,
    },
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

landingPayload();
await authLatency();
