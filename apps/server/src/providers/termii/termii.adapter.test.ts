import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTermiiSender, TermiiError } from './termii.adapter.ts';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };

const API_KEY = 'TLtestkey0123456789';

describe('the Termii SMS adapter', () => {
  const seen: Seen[] = [];
  let answer: (response: ServerResponse) => void = (response) => response.end();
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: JSON.parse(raw) as unknown,
        });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const sender = (timeoutMs?: number) =>
    createTermiiSender({
      baseUrl,
      apiKey: API_KEY,
      senderId: 'QuickVend',
      channel: 'dnd',
      ...(timeoutMs !== undefined && { timeoutMs }),
    });

  const json = (status: number, body: unknown) => (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  it('posts one plain message on the chosen route to /api/sms/send, as Termii documents it', async () => {
    seen.length = 0;
    answer = json(200, {
      code: 'ok',
      message_id: '9122821270554876574',
      message: 'Successfully Sent',
      balance: 9,
      user: 'QuickVend',
    });
    await sender().send({ to: '2348031234567', text: 'QuickVend: your token is 1234 5678' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/sms/send',
        headers: expect.objectContaining({ 'content-type': 'application/json' }) as unknown,
        body: {
          api_key: API_KEY,
          to: '2348031234567',
          from: 'QuickVend',
          sms: 'QuickVend: your token is 1234 5678',
          type: 'plain',
          channel: 'dnd',
        },
      },
    ]);
  });

  it('throws when Termii refuses, saying why but never the key', async () => {
    answer = json(401, { message: 'Invalid api key' });
    const refused = sender().send({ to: '2348031234567', text: 'hello' });
    await expect(refused).rejects.toThrow(TermiiError);
    await expect(refused).rejects.toThrow('Termii did not send the message (HTTP 401): Invalid api key');
    answer = json(200, { code: 'error', message: 'Insufficient balance' });
    await expect(sender().send({ to: '2348031234567', text: 'hello' })).rejects.toThrow(
      'Termii did not send the message (HTTP 200): Insufficient balance',
    );
    answer = (response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    };
    const failure = await sender()
      .send({ to: '2348031234567', text: 'hello' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TermiiError);
    expect(String(failure)).toContain('HTTP 502');
    expect(String(failure)).not.toContain(API_KEY);
  });

  it('gives up on a Termii that does not answer in time', async () => {
    answer = () => undefined;
    await expect(sender(200).send({ to: '2348031234567', text: 'hello' })).rejects.toThrow(
      'Termii could not be reached: TimeoutError',
    );
  });
});
