import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, RefusedTargetError, safePost } from '../../../src/modules/webhooks/safe-fetch.ts';
import { startReceiver } from '../../helpers/webhook-receiver.ts';

const post = (url: string, options: Parameters<typeof safePost>[2] = { allowPrivate: false }) =>
  safePost(url, { headers: { 'content-type': 'application/json' }, body: '{}' }, options);

describe('the webhook sender', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it.each([
    'http://127.0.0.1:PORT/hooks',
    'http://[::1]:PORT/hooks',
    'http://10.1.2.3/hooks',
    'http://172.16.0.1/hooks',
    'http://192.168.1.1/hooks',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hooks',
    'http://0.0.0.0/hooks',
    'http://224.0.0.1/hooks',
    'http://0x7f.1:PORT/hooks',
    'http://2130706433:PORT/hooks',
    'http://017700000001:PORT/hooks',
    'http://[::ffff:127.0.0.1]:PORT/hooks',
    'http://[::ffff:7f00:1]:PORT/hooks',
    'http://[fc00::1]/hooks',
    'http://[fe80::1]/hooks',
    'http://[::]/hooks',
    'http://localhost:PORT/hooks',
  ])('refuses %s in live mode, before connecting', async (template) => {
    const before = receiver.received.length;
    await expect(post(template.replace('PORT', String(receiver.port)))).rejects.toBeInstanceOf(
      RefusedTargetError,
    );
    expect(receiver.received.length).toBe(before);
  });

  it('refuses a name when any of its addresses is private, and connects to the address it checked', async () => {
    const mixed = () =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    await expect(
      post('https://partner.example/hooks', { allowPrivate: false, resolve: mixed }),
    ).rejects.toThrow(/private or reserved/);
    // sandbox: the name is resolved once, by us, and the connection goes to that address (no second lookup
    // that a rebinding DNS server could answer differently); the Host header keeps the name
    let lookups = 0;
    const answer = await post(`http://rebind.invalid:${receiver.port}/hooks`, {
      allowPrivate: true,
      resolve: () => {
        lookups += 1;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(lookups).toBe(1);
    expect(receiver.received.at(-1)?.headers.host).toBe(`rebind.invalid:${receiver.port}`);
  });

  it('knows public addresses from the rest', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const inside of [
      '127.0.0.1',
      '10.0.0.1',
      '::1',
      'fd12::1',
      '::ffff:8.8.8.8',
      '2002:7f00:1::',
      'nonsense',
    ])
      expect(isPublicAddress(inside), inside).toBe(false);
  });

  it('follows no redirect, reads at most 16 KB and gives up on an endpoint that does not answer', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') response.writeHead(302, { location: '/elsewhere' }).end();
      else if (request.url === '/big') response.writeHead(200).end('x'.repeat(100_000));
      // '/hang' never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const redirected = await post(`${base}/redirect`, { allowPrivate: true });
      expect(redirected.statusCode).toBe(302);
      const big = await post(`${base}/big`, { allowPrivate: true });
      expect(big.body.length).toBe(16 * 1024);
      await expect(post(`${base}/hang`, { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(/No answer/);
      expect(hits).toEqual(['/redirect', '/big', '/hang']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    }
  });
});
