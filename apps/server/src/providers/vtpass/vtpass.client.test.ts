import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderCallObservation } from '../../lib/metrics.ts';
import { ProviderUnavailableError } from '../../modules/purchases/purchases.port.ts';
import { KEYS } from './contract.helpers.ts';
import { createVtpassClient } from './vtpass.client.ts';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

const SUCCESS = { code: '000', response_description: 'TRANSACTION SUCCESSFUL' };

describe('VTpass client on the wire', () => {
  let server: Server;
  let baseUrl: string;
  let connections = 0;
  const seen: Seen[] = [];
  const routes = new Map<string, (response: ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '';
        seen.push({
          method: request.method ?? '',
          url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const route = routes.get(url.replace(/\?.*$/, ''));
        if (route) route(response);
        else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SUCCESS));
      });
    });
    server.on('connection', () => {
      connections++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}/api/`;
  });
  beforeEach(() => {
    seen.length = 0;
    routes.clear();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the keys, the JSON body and the path under the base URL, as VTpass expects', async () => {
    const client = createVtpassClient({ baseUrl, ...KEYS });
    await client.pay({ request_id: '202601010000abcdefghij', serviceID: 'mtn', phone: '08011111111' });
    routes.set('/api/balance', (response) =>
      response.writeHead(200).end(JSON.stringify({ code: 1, contents: { balance: '1000.50' } })),
    );
    expect(await client.balance()).toBe('1000.50');
    const [pay, balance] = seen;
    expect(pay).toMatchObject({
      method: 'POST',
      url: '/api/pay',
      headers: {
        'api-key': KEYS.apiKey,
        'secret-key': KEYS.secretKey,
        accept: 'application/json',
        'content-type': 'application/json',
      },
    });
    expect(pay?.headers['public-key']).toBeUndefined();
    expect(JSON.parse(pay?.body ?? '')).toEqual({
      request_id: '202601010000abcdefghij',
      serviceID: 'mtn',
      phone: '08011111111',
    });
    expect(balance).toMatchObject({
      method: 'GET',
      url: '/api/balance',
      headers: { 'api-key': KEYS.apiKey, 'public-key': KEYS.publicKey },
      body: '',
    });
    expect(balance?.headers['secret-key']).toBeUndefined();
  });

  it('keeps its connection open between calls', async () => {
    const client = createVtpassClient({ baseUrl, ...KEYS });
    const before = connections;
    for (let i = 0; i < 3; i++) await client.requery(`20260101000${i}abcdefghij`);
    expect(connections - before).toBe(1);
  });

  it('reads an answer sent compressed or with a byte-order mark', async () => {
    const client = createVtpassClient({ baseUrl, ...KEYS });
    routes.set('/api/pay', (response) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(gzipSync(JSON.stringify(SUCCESS))),
    );
    expect(await client.pay({ request_id: 'a', serviceID: 'mtn', phone: '1' })).toEqual(SUCCESS);
    routes.set('/api/requery', (response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(`\ufeff${JSON.stringify(SUCCESS)}`),
    );
    expect(await client.requery('a')).toEqual(SUCCESS);
  });

  it('does not follow a redirect: the call is unavailable', async () => {
    const client = createVtpassClient({ baseUrl, ...KEYS });
    routes.set('/api/pay', (response) => response.writeHead(302, { location: '/api/elsewhere' }).end());
    await expect(client.pay({ request_id: 'a', serviceID: 'mtn', phone: '1' })).rejects.toThrow(
      new ProviderUnavailableError('VTpass POST /pay failed'),
    );
    expect(seen.map((request) => request.url)).toEqual(['/api/pay']);
  });

  it('treats an answer cut short as unavailable', async () => {
    const client = createVtpassClient({ baseUrl, ...KEYS });
    routes.set('/api/pay', (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 500 });
      response.write('{"code":"000",');
      response.socket?.destroy();
    });
    await expect(client.pay({ request_id: 'a', serviceID: 'mtn', phone: '1' })).rejects.toThrow(
      new ProviderUnavailableError('VTpass POST /pay failed'),
    );
  });

  it('times out on an answer whose body never ends, and tells the metrics so', async () => {
    const calls: ProviderCallObservation[] = [];
    const client = createVtpassClient({
      baseUrl,
      ...KEYS,
      timeoutMs: 200,
      observe: (call) => calls.push(call),
    });
    routes.set('/api/pay', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"code":"000",');
    });
    await expect(client.pay({ request_id: 'a', serviceID: 'mtn', phone: '1' })).rejects.toThrow(
      new ProviderUnavailableError('VTpass POST /pay timed out'),
    );
    expect(calls).toMatchObject([{ operation: '/pay', code: 'timeout' }]);
  });
});
