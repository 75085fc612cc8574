import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { fundedPartner } from '../../helpers/partners.ts';
import { TEST_PIN } from '../../helpers/purchases.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../../../../docs/examples/partner-client.mjs');

type Headers = Record<string, string>;
type ClientModule = {
  verifyWebhook: (headers: Headers, body: string, secret: string, options?: { now?: number }) => boolean;
};
type Line = { step: string } & Record<string, unknown>;

// the quick start's client, run as a partner runs it: a separate Node process calling the sandbox over HTTP
describe('the example partner client', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const partner = await fundedPartner(t, 1000);
    const created = await partner.client.post('/api/v1/api-keys', {
      name: 'Example client',
      password: partner.password,
      pin: TEST_PIN,
    });
    expect(created.statusCode).toBe(201);
    key = created.json<{ key: string }>().key;
  });
  afterAll(async () => {
    await t.close();
  });

  it('buys airtime: the balance goes down by the price and the purchase is delivered and listed', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [CLIENT, '08011111111'], {
      env: { PATH: process.env['PATH'], QV_URL: t.selfUrl, QV_KEY: key },
      timeout: 60_000,
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    expect(lines.map((line) => line.step)).toEqual(['balance', 'bought', 'final', 'latest', 'balance']);
    const [before, , final, latest, after] = lines;
    expect(before).toMatchObject({ balanceKobo: 100_000, balance: '1000.00', currency: 'NGN' });
    expect(final).toMatchObject({ status: 'delivered', chargedKobo: 10_000 });
    expect(after).toMatchObject({ balanceKobo: 100_000 - 10_000, balance: '900.00' });
    expect(latest?.['requestIds']).toEqual([final?.['requestId']]);
    expect(String(final?.['requestId'])).toMatch(/^example-/);
  });

  it('says what went wrong with a bad key, and exits with an error', async () => {
    const run = promisify(execFile)(process.execPath, [CLIENT], {
      env: { PATH: process.env['PATH'], QV_URL: t.selfUrl, QV_KEY: 'qv_wrong' },
      timeout: 60_000,
    });
    const failure = await run.then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('401 UNAUTHENTICATED');
  });
});

describe("the example client's webhook check", () => {
  const secret = `whsec_${Buffer.from('a test signing secret, 32 bytes!').toString('base64')}`;
  const body = JSON.stringify({ type: 'purchase.delivered', data: { requestId: 'shop-20261128-0001' } });
  const sentAt = new Date('2026-11-28T08:15:02Z');
  const signed = (payload = body, at = sentAt): Headers => ({
    'webhook-id': 'msg_2b9Kc1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_2b9Kc1', at, payload),
  });
  let client: ClientModule;

  beforeAll(async () => {
    client = (await import(CLIENT)) as ClientModule;
  });

  it('accepts a message signed by the Standard Webhooks reference library', () => {
    const headers = signed();
    expect(client.verifyWebhook(headers, body, secret, { now: sentAt.getTime() + 1000 })).toBe(true);
  });

  it('accepts it among several signatures, as during a change of secret', () => {
    const headers = signed();
    const other = new Webhook(`whsec_${Buffer.from('the old secret').toString('base64')}`);
    headers['webhook-signature'] =
      `${other.sign('msg_2b9Kc1', sentAt, body)} ${headers['webhook-signature']}`;
    expect(client.verifyWebhook(headers, body, secret, { now: sentAt.getTime() })).toBe(true);
  });

  it('refuses a tampered body, id or timestamp, a wrong secret, and an old message', () => {
    const now = sentAt.getTime() + 1000;
    expect(client.verifyWebhook(signed(), body.replace('0001', '0002'), secret, { now })).toBe(false);
    expect(client.verifyWebhook({ ...signed(), 'webhook-id': 'msg_other' }, body, secret, { now })).toBe(
      false,
    );
    const later = String(Math.floor(sentAt.getTime() / 1000) + 1);
    expect(client.verifyWebhook({ ...signed(), 'webhook-timestamp': later }, body, secret, { now })).toBe(
      false,
    );
    const wrong = `whsec_${Buffer.from('another secret').toString('base64')}`;
    expect(client.verifyWebhook(signed(), body, wrong, { now })).toBe(false);
    // signed correctly, but six minutes ago: a replay
    expect(client.verifyWebhook(signed(), body, secret, { now: sentAt.getTime() + 6 * 60_000 })).toBe(false);
    expect(client.verifyWebhook({ ...signed(), 'webhook-signature': '' }, body, secret, { now })).toBe(false);
  });
});
