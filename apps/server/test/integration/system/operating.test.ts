import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { createTestApp, errorOf, signUp, type TestApp } from '../../helpers/app.ts';
import {
  databaseKinds,
  describeEachDatabase,
  openTestDatabase,
  testPostgresAddress,
} from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { startTcpProxy } from '../../helpers/net.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const METRICS_TOKEN = 'scrape-4e9d1c7a2b8f6e3d5a0c9b7e1f4d2a6c';

/** The value of one sample in Prometheus text, by its exact labels; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort();
    if (JSON.stringify(has) === JSON.stringify(wanted)) return Number(match[3]);
  }
  return undefined;
}

describeEachDatabase('metrics for the operator', (kind) => {
  let t: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { metricsToken: METRICS_TOKEN } });
    unconfigured = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await unconfigured.close();
  });

  const scrape = async (app: TestApp, authorization?: string) =>
    app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('do not exist without a METRICS_TOKEN, whatever is sent', async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`]) {
      const response = await scrape(unconfigured, authorization);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('are refused without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
    ]) {
      const response = await scrape(t, authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
      expect(response.body).not.toContain('quickvend_');
    }
  });

  it('count purchases, provider calls, fundings and requests by route, and read the queues when scraped', async () => {
    const before = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body;
    expect(sample(before, 'quickvend_purchases_total', { service: 'mtn', outcome: 'delivered' })).toBe(
      undefined,
    );

    const customer = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    const requestId = purchase?.requestId ?? '';
    expect((await customer.client.get(`/api/v1/purchases/${requestId}`)).statusCode).toBe(200);

    const funder = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(funder.client, funder.email, '2,000');
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    await funder.client.post('/api/v1/funding/card/confirm', { reference: payment.reference });

    // the purchase is counted once it has committed, by a listener that runs after the answer
    const body = await vi.waitFor(
      async () => {
        const response = await scrape(t, `Bearer ${METRICS_TOKEN}`);
        expect(response.statusCode).toBe(200);
        expect(
          sample(response.body, 'quickvend_purchases_total', { service: 'mtn', outcome: 'delivered' }),
        ).toBe(1);
        expect(sample(response.body, 'quickvend_fundings_credited_total', { method: 'card' })).toBe(1);
        return response;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(body.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = body.body;

    expect(sample(text, 'quickvend_fundings_credited_kobo_total', { method: 'card' })).toBeGreaterThan(0);
    expect(
      sample(text, 'quickvend_provider_request_duration_seconds_count', {
        provider: 'vtpass',
        operation: '/pay',
        code: '000',
      }),
    ).toBe(1);
    const providerSeconds = sample(text, 'quickvend_provider_request_duration_seconds_sum', {
      provider: 'vtpass',
      operation: '/pay',
      code: '000',
    });
    expect(providerSeconds).toBeGreaterThan(0);

    // requests are labelled by their route's pattern, never by the address asked for
    expect(
      sample(text, 'quickvend_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/purchases/:requestId',
        status: '2xx',
      }),
    ).toBe(1);
    expect(
      sample(text, 'quickvend_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/purchases',
        status: '2xx',
      }),
    ).toBe(1);
    expect(
      sample(text, 'quickvend_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status: '4xx',
      }),
    ).toBe(5);
    expect(text).not.toContain(requestId);

    expect(sample(text, 'quickvend_purchases_open')).toBe(0);
    expect(sample(text, 'quickvend_purchases_flagged')).toBe(0);
    expect(sample(text, 'quickvend_job_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'quickvend_job_queue_oldest_wait_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'quickvend_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'quickvend_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('read pending purchases and waiting jobs from the database when scraped', async () => {
    const customer = await fundedCustomer(t, 1_000);
    // the sandbox keeps a sale to this number pending until it is resolved
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '100',
    });
    expect(purchase?.status).toBe('pending');
    // a job due an hour from now is not waiting; one due now, on a queue nobody works, is
    await t.container.jobs.send('test.later', {}, { startAfterSeconds: 3600 });
    await t.container.jobs.send('test.nobody-works', {});
    const text = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body;
    expect(sample(text, 'quickvend_purchases_open')).toBe(1);
    expect(sample(text, 'quickvend_purchases_flagged')).toBe(0);
    expect(sample(text, 'quickvend_job_queue_depth')).toBeGreaterThanOrEqual(1);
    await vi.waitFor(
      async () => {
        const later = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body;
        expect(sample(later, 'quickvend_job_queue_oldest_wait_seconds')).toBeGreaterThan(0);
        expect(sample(later, 'quickvend_purchases_total', { service: 'mtn', outcome: 'pending' })).toBe(1);
      },
      { timeout: 5_000, interval: 50 },
    );
  });
});

describeEachDatabase('readiness', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready while the database and the job queue answer, and not once the job queue has stopped', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    await t.container.jobs.stop({ timeoutMs: 1_000 });
    const stopped = await t.app.inject({ url: '/readyz' });
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toEqual({ status: 'job queue unreachable', failed: ['job queue'] });
  });
});

describeEachDatabase('a graceful close', (kind) => {
  it('lets requests in flight finish before the job queue stops, ends event streams, and leaves no connection open', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let queueWhileInFlight: string | undefined;
    const t = await createTestApp(kind, {
      extraRoutes: (app) => {
        app.get('/test/slow', async () => {
          arrived();
          await released;
          queueWhileInFlight = await t.container.jobs.ping().then(
            () => 'up',
            () => 'stopped',
          );
          return { done: true };
        });
      },
    });
    const customer = await signUp(t.app);
    const stream = await fetch(`${t.selfUrl}/api/v1/wallet/events`, {
      headers: { cookie: customer.client.cookieHeader },
    });
    expect(stream.status).toBe(200);
    const reading = (async () => {
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      while (!(await reader.read()).done);
      return 'ended';
    })();
    const slow = fetch(`${t.selfUrl}/test/slow`);
    await reached;
    const closed = t.close();
    await expect(reading).resolves.toBe('ended');
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(queueWhileInFlight).toBe('up');
    await closed;
    await expect(t.container.jobs.ping()).rejects.toThrow('the job queue is stopped');
  }, 30_000);
});

describe.skipIf(!databaseKinds.includes('postgres'))('readiness without the database [postgres]', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: DatabaseHandle;
  let t: TestApp;
  beforeAll(async () => {
    proxy = await startTcpProxy(testPostgresAddress());
    database = await openTestDatabase('postgres', { connectThrough: proxy.address() });
    t = await createTestApp('postgres', { database });
  });
  afterAll(async () => {
    // the queue cannot finish its work without the database: it is given a moment, not ten seconds
    await t.container.jobs.stop({ timeoutMs: 1_000 }).catch(() => undefined);
    await t.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await proxy.stop();
    const down = await t.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json<{ failed: string[] }>().failed).toContain('database');
  });
});
