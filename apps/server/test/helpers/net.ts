import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** A server that accepts connections and never answers: a vendor that hangs. */
async function startSilentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

export type MisbehavingVendor = {
  /** accepts connections and never answers */
  hangingUrl: string;
  /** answers with the routes the test gave it: wrong statuses, HTML, JSON in another shape */
  answeringUrl: string;
  /** nothing listens there: every connection is refused */
  refusingUrl: string;
  close: () => Promise<void>;
};

/** The ways a vendor's server lets a client down, for the providers' transport tests. */
export async function startMisbehavingVendor(
  addRoutes: (app: FastifyInstance) => void,
): Promise<MisbehavingVendor> {
  const silent = await startSilentServer();
  const answering = Fastify({ logger: false });
  addRoutes(answering);
  const answeringUrl = await answering.listen({ port: 0, host: '127.0.0.1' });
  const refusingUrl = `http://127.0.0.1:${await freePort()}`;
  return {
    hangingUrl: silent.url,
    answeringUrl,
    refusingUrl,
    close: async () => {
      await Promise.all([silent.close(), answering.close()]);
    },
  };
}

/**
 * A TCP proxy in front of a server (PostgreSQL, in the outage tests): `stop` drops every open connection and
 * refuses new ones, `start` listens again on the same port, and `cut` drops the open connections only.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const onConnection = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer(onConnection);
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as AddressInfo).port;
        server = listening;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) {
        resolve();
        return;
      }
      server.close(() => {
        resolve();
      });
      server = undefined;
      cut();
    });
  await start();
  return { address: () => ({ host: '127.0.0.1', port }), start, stop, cut };
}
