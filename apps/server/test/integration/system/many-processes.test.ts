import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { openEventStream } from '../../helpers/event-stream.ts';
import { createScratchDatabase, databaseKinds } from '../../helpers/database.ts';
import { freePort } from '../../helpers/net.ts';
import { SUCCESS_CARD } from '../../helpers/paystack.ts';
import { TEST_PIN } from '../../helpers/purchases.ts';
import { createProcessGroup, runCli, type Env } from '../../helpers/processes.ts';

const CUSTOMERS = 8;
const FUNDING_KOBO = 200_000;
const VTPASS_KEYS = { 'api-key': 'many-api-key', 'secret-key': 'SK_many' };

/** Polls `check` until it passes (it throws until then), at most `timeoutMs`. */
/** `check` passes within `timeoutMs`, retried every 100 ms; a failure names what never came. */
const waitFor = <T>(what: string, check: () => T | Promise<T>, timeoutMs = 60_000): Promise<T> =>
  vi.waitFor(check, { timeout: timeoutMs, interval: 100 }).catch((error: unknown) => {
    throw new Error(`${what}: still not so after ${timeoutMs} ms`, { cause: error });
  });

/** A customer's browser against any of the web processes: one session cookie, JSON both ways. */
class Session {
  cookie = '';

  async send(base: string, method: 'GET' | 'POST', url: string, body?: object) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { cookie: this.cookie, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
      redirect: 'manual',
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
    if (cookies.length > 0) this.cookie = cookies.join('; ');
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  }
}

type Bought = { requestId: string; phone: string; customer: number };

// Two web processes and a worker on one PostgreSQL, as separate programs: a purchase storm split across the
// web processes, the worker and one web process killed (SIGKILL) mid-storm, a new worker, and purchases the
// provider left pending resolved through the surviving web process's simulator.
describe.runIf(databaseKinds.includes('postgres'))('many processes, one system', () => {
  const processes = createProcessGroup();
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  const streams: ReturnType<typeof openEventStream>[] = [];
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await processes.stopAll();
    await scratch?.drop();
  });

  it('ends every purchase once, with the ledger sound and every balance event delivered', async () => {
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    scratch = await createScratchDatabase(serverUrl);
    const [port1, port2] = [await freePort(), await freePort()];
    const web1 = `http://127.0.0.1:${port1}`;
    const web2 = `http://127.0.0.1:${port2}`;
    const env: Env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qv-many-')),
      HOST: '127.0.0.1',
      // the worker reaches the sandbox simulators here; this web process lives to the end
      APP_URL: web1,
      AUTH_SECRET: 'many-processes-auth-secret-0123456789',
      PIN_PEPPER: 'many-processes-pin-pepper-0123456789',
      VTPASS_API_KEY: VTPASS_KEYS['api-key'],
      VTPASS_PUBLIC_KEY: 'PK_many',
      VTPASS_SECRET_KEY: VTPASS_KEYS['secret-key'],
      AUTH_RATE_LIMIT: '1000',
      PURCHASE_RECHECK_AFTER_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    // one migrates, then the others start on the migrated database
    const first = await processes.startServer('web1', port1, { ...env, ROLE: 'web' });
    const [second, worker] = await Promise.all([
      processes.startServer('web2', port2, { ...env, ROLE: 'web' }),
      processes.startWorker('worker1', env),
    ]);
    const webOf = (i: number) => (i % 2 === 0 ? web1 : web2);
    const otherWebOf = (i: number) => (i % 2 === 0 ? web2 : web1);

    // customers sign up and pay by card on either process: the checkout of one, the confirmation on the other
    const sessions = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, i) => {
        const session = new Session();
        const email = `storm.${i}.${randomUUID().slice(0, 8)}@example.com`;
        await session.send(webOf(i), 'POST', '/api/v1/auth/sign-up', {
          name: `Storm Customer ${i}`,
          email,
          password: 'correct horse battery',
        });
        await session.send(otherWebOf(i), 'POST', '/api/v1/pin', { pin: TEST_PIN });
        const started = await session.send(webOf(i), 'POST', '/api/v1/funding/card', {
          email,
          amount: String(FUNDING_KOBO / 100),
        });
        const checkout = started['checkout'] as { reference: string; authorizationUrl: string };
        const paid = await fetch(`${otherWebOf(i)}${new URL(checkout.authorizationUrl).pathname}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ card_number: SUCCESS_CARD }).toString(),
          redirect: 'manual',
        });
        expect(paid.status).toBe(303);
        const confirmed = await session.send(otherWebOf(i), 'POST', '/api/v1/funding/card/confirm', {
          reference: checkout.reference,
        });
        expect(confirmed['payment']).toMatchObject({ status: 'success' });
        return session;
      }),
    );
    const balanceOf = async (i: number, base = web1) =>
      ((await sessions[i]?.send(base, 'GET', '/api/v1/wallet')) as { balanceKobo: number }).balanceKobo;
    for (let i = 0; i < CUSTOMERS; i++) expect(await balanceOf(i)).toBe(FUNDING_KOBO);

    // each customer watches the live balance on both processes
    const watching = sessions.map((session) => ({
      web1: openEventStream(web1, session.cookie, 'balance'),
      web2: openEventStream(web2, session.cookie, 'balance'),
    }));
    streams.push(...watching.flatMap((w) => [w.web1, w.web2]));
    /** The balance the customer's stream on `web` said last. */
    const lastBalance = (i: number, web: 'web1' | 'web2') => {
      const data = /data: (.*)/.exec(watching[i]?.[web].events.at(-1) ?? '')?.[1];
      return data === undefined ? undefined : (JSON.parse(data) as { balanceKobo: number }).balanceKobo;
    };
    await waitFor('every stream has said its balance', () => {
      for (let i = 0; i < CUSTOMERS; i++) {
        expect(lastBalance(i, 'web1')).toBe(FUNDING_KOBO);
        expect(lastBalance(i, 'web2')).toBe(FUNDING_KOBO);
      }
    });

    const bought: Bought[] = [];
    const buy = async (customer: number, web: 'web1' | 'web2', serviceId: string, phone: string) => {
      const requestId = randomUUID();
      bought.push({ requestId, phone, customer });
      await sessions[customer]?.send(web === 'web1' ? web1 : web2, 'POST', '/api/v1/purchases', {
        requestId,
        serviceId,
        phone,
        amount: '100',
        pin: TEST_PIN,
      });
    };
    const networks = ['mtn', 'glo', 'airtel', 'etisalat'];
    const webName = (i: number) => (i % 2 === 0 ? 'web1' : 'web2');

    // the first wave, split across both processes, several purchases of one customer at once: delivered
    // (08011111111, or refused by VTpass as a duplicate of another customer's), failed, and pending
    await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) =>
        Promise.all([
          buy(i, webName(i), networks[i % 4] ?? 'mtn', '08011111111'),
          buy(i, webName(i), 'mtn', `0803000000${i}`),
          buy(i, webName(i), 'glo', '201000000000'),
        ]),
      ),
    );
    // every balance change reached both processes' streams, whichever process made it
    await waitFor('both streams show the balance after the first wave', async () => {
      for (let i = 0; i < CUSTOMERS; i++) {
        const balance = await balanceOf(i);
        expect(balance).toBeLessThan(FUNDING_KOBO);
        expect(lastBalance(i, 'web1')).toBe(balance);
        expect(lastBalance(i, 'web2')).toBe(balance);
      }
    });

    // purchases web2 is still waiting on when it dies: VTpass took them (the sandbox's timeout number holds
    // the answer back), web2 has debited the wallets and never learns the outcome
    const hanging = Array.from({ length: CUSTOMERS / 2 }, (_, k) => 2 * k + 1).map((i) =>
      buy(i, 'web2', 'airtel', '300000000000').catch(() => undefined),
    );
    const vtpass = async (base: string, url: string, body: object) => {
      const response = await fetch(`${base}/sandbox/vtpass/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...VTPASS_KEYS },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const providerIdOf = async (b: Bought) =>
      (
        (await sessions[b.customer]?.send(web1, 'GET', `/api/v1/purchases/${b.requestId}`)) as {
          purchase: Purchase;
        }
      ).purchase.providerRequestId;
    await waitFor('VTpass has taken the purchases web2 waits on', async () => {
      for (const b of bought.filter((p) => p.phone === '300000000000')) {
        const answer = await vtpass(web1, '/requery', { request_id: await providerIdOf(b) });
        expect(answer.body).toMatchObject({ code: '000' });
      }
    });

    // the second wave on web1; mid-wave the worker and web2 are killed
    const secondWave = Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) =>
        Promise.all([
          buy(i, 'web1', networks[(i + 1) % 4] ?? 'mtn', '08011111111'),
          buy(i, 'web1', 'etisalat', '201000000000'),
        ]),
      ),
    );
    await Promise.all([processes.stop(worker, 'SIGKILL'), processes.stop(second, 'SIGKILL')]);
    await secondWave;
    await Promise.all(hanging);
    expect(worker.child.signalCode).toBe('SIGKILL');
    expect(second.child.signalCode).toBe('SIGKILL');

    // VTpass ends the pending sales, taken by either process, through the surviving one: some delivered,
    // some reversed. Its callbacks reach web1, which only queues the requeries: no worker runs them yet
    const statusOf = async (b: Bought) =>
      (
        (await sessions[b.customer]?.send(web1, 'GET', `/api/v1/purchases/${b.requestId}`)) as {
          purchase: Purchase;
        }
      ).purchase;
    const resolvedAs = new Map<string, 'delivered' | 'failed'>();
    let resolvedNow = 0;
    for (const [n, b] of bought.filter((p) => p.phone === '201000000000').entries()) {
      const status = n % 3 === 0 ? 'reversed' : 'delivered';
      const answer = await vtpass(web1, '/simulate/resolve', { request_id: await providerIdOf(b), status });
      // 409: it had delivered by itself meanwhile (a pending sandbox sale does after 20 s)
      expect([200, 409]).toContain(answer.status);
      const sale = (answer.body['content'] as { transactions: { status: string } }).transactions.status;
      resolvedAs.set(b.requestId, sale === 'reversed' ? 'failed' : 'delivered');
      if (answer.status === 200) {
        resolvedNow += 1;
        expect((await statusOf(b)).status).toBe('pending');
      }
    }
    expect(resolvedNow).toBeGreaterThan(0);

    // a new worker finishes what the dead ones left: the callbacks' requeries, and at its start the
    // purchases web2 died waiting on
    await processes.startWorker('worker2', env);
    const final = await waitFor(
      'every purchase is final',
      async () => {
        const purchases = await Promise.all(bought.map(statusOf));
        for (const purchase of purchases) expect(purchase.status).not.toBe('pending');
        return purchases;
      },
      90_000,
    );
    expect(first.isRunning()).toBe(true);

    expect(final).toHaveLength(bought.length);
    final.forEach((purchase, n) => {
      const b = bought[n];
      if (!b) return;
      if (b.phone === '300000000000') expect(purchase.status, b.requestId).toBe('delivered');
      if (b.phone.startsWith('08030000')) expect(purchase.status, b.requestId).toBe('failed');
      const resolved = resolvedAs.get(b.requestId);
      if (resolved) expect(purchase.status, b.requestId).toBe(resolved);
    });
    expect(final.filter((p) => p.status === 'delivered').length).toBeGreaterThan(CUSTOMERS);
    expect(final.filter((p) => p.status === 'failed').length).toBeGreaterThan(CUSTOMERS);

    // money moved once per purchase: one hold, then one settle (delivered) or one refund (failed)
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ reference: string }>(
        `select reference from ledger_entries where reference like 'purchase:%'`,
      );
      const references = rows.map((row) => row.reference);
      for (const purchase of final) {
        const own = references.filter((r) => r.startsWith(`purchase:${purchase.id}:`)).sort();
        const ending = purchase.status === 'delivered' ? 'settle' : 'refund';
        expect(own, purchase.requestId).toEqual([
          `purchase:${purchase.id}:hold`,
          `purchase:${purchase.id}:${ending}`,
        ]);
      }
    } finally {
      await db.end();
    }

    // each wallet holds what was paid in less what was delivered, and web1's stream says so
    for (let i = 0; i < CUSTOMERS; i++) {
      const delivered = final
        .filter((p, n) => bought[n]?.customer === i && p.status === 'delivered')
        .reduce((sum, p) => sum + p.chargedKobo, 0);
      expect(await balanceOf(i)).toBe(FUNDING_KOBO - delivered);
    }
    await waitFor('web1 streams show the final balances', async () => {
      for (let i = 0; i < CUSTOMERS; i++) expect(lastBalance(i, 'web1')).toBe(await balanceOf(i));
    });

    const verify = await runCli({ ...env, LOG_LEVEL: 'warn' }, 'ledger:verify');
    expect(verify.json()).toMatchObject({ ok: true, problems: [] });
  }, 180_000);
});
