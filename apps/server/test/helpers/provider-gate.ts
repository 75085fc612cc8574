import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A pass-through from one server to the provider that can be set to trap its purchases: after letting a given
 * number through, of the purchase calls that arrive one in two is held and never forwarded (the provider never
 * sees that sale) and the other is forwarded and its answer withheld (the provider made the sale; the server
 * never learns it). Other calls (requeries, the catalogue) always pass. `open` ends the trap and drops what it
 * held.
 */
export async function startProviderGate(target: string) {
  let passesLeft = Infinity;
  let trapped = 0;
  const held: string[] = [];
  const withheld: string[] = [];
  const sockets = new Set<Socket>();
  const forward = async (request: IncomingMessage, body: Buffer) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
      ),
    );
    return fetch(`${target}${request.url ?? ''}`, {
      method: request.method ?? 'GET',
      headers,
      ...(body.length > 0 && { body }),
    });
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const isPurchase = request.method === 'POST' && (request.url ?? '').endsWith('/pay');
    const isTrapped = isPurchase && passesLeft-- <= 0;
    const requestId = () =>
      String((JSON.parse(body.toString('utf8')) as { request_id?: unknown }).request_id);
    if (isTrapped && trapped++ % 2 === 0) {
      held.push(requestId());
      return;
    }
    const answer = await forward(request, body);
    const text = await answer.text();
    if (isTrapped) {
      withheld.push(requestId());
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(text);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    trapPurchasesAfter: (count: number) => {
      passesLeft = count;
    },
    open: () => {
      passesLeft = Infinity;
      dropAll();
    },
    /** provider request ids of the purchases held back */
    held: () => [...held],
    /** provider request ids of the purchases whose answers were withheld */
    withheld: () => [...withheld],
    close: async () => {
      dropAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
