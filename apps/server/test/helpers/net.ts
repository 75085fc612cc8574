import { createServer, type Socket } from 'node:net';
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
