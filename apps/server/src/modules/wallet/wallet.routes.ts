import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { balanceResponse } from '@quickvend/shared/api/purchases';
import { statementQuery, statementResponse, walletResponse } from '@quickvend/shared/api/wallet';
import { toNairaString } from '@quickvend/shared/money';
import { signedInUser } from '../auth/index.ts';
import type { UserEvent, UserEventFeed } from '../../lib/user-events.ts';
import type { Ledger } from '../ledger/index.ts';
import type { BalanceFeed } from './wallet.events.ts';
import { getWalletBreakdown, toStatementLine } from './wallet.service.ts';

const HEARTBEAT_MS = 25_000;

export function registerWalletRoutes(
  parent: FastifyInstance,
  deps: {
    ledger: Ledger;
    balanceFeed: BalanceFeed;
    /** what else the stream carries besides the balance (the notices' unread count) */
    feeds?: readonly UserEventFeed[];
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ledger } = deps;

  app.get(
    '/api/v1/balance',
    { config: { access: 'userOrKey' }, schema: { response: { 200: balanceResponse } } },
    async (request) => {
      const balanceKobo = await ledger.getWalletBalance(signedInUser(request).id);
      return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const };
    },
  );

  app.get(
    '/api/v1/wallet',
    { config: { access: 'user' }, schema: { response: { 200: walletResponse } } },
    async (request) => {
      const userId = signedInUser(request).id;
      const [balanceKobo, breakdown] = await Promise.all([
        ledger.getWalletBalance(userId),
        getWalletBreakdown(ledger, userId),
      ]);
      return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const, breakdown };
    },
  );

  app.get(
    '/api/v1/wallet/statement',
    {
      config: { access: 'user' },
      schema: { querystring: statementQuery, response: { 200: statementResponse } },
    },
    async (request) => {
      const { lines, nextCursor } = await ledger.listWalletLines(signedInUser(request).id, request.query);
      return { lines: lines.map(toStatementLine), nextCursor };
    },
  );

  // a shutdown lets requests finish, and an event stream never does: each is ended first (the browser reconnects)
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', (done) => {
    for (const stream of openStreams) {
      stream.end(() => {
        stream.socket?.destroy();
      });
    }
    done();
  });
  app.get('/api/v1/wallet/events', { config: { access: 'user' } }, async (request, reply) => {
    const userId = signedInUser(request).id;
    reply.hijack();
    const stream = reply.raw;
    openStreams.add(stream);
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
      ...Object.fromEntries(Object.entries(reply.getHeaders()).filter(([name]) => name === 'set-cookie')),
    });
    let sending = Promise.resolve();
    const sendBalance = () => {
      sending = sending
        .then(async () => {
          const balanceKobo = await ledger.getWalletBalance(userId);
          stream.write(
            `event: balance\ndata: ${JSON.stringify({ balanceKobo, balance: toNairaString(balanceKobo) })}\n\n`,
          );
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'balance event not sent');
        });
    };
    const sendEvent = ({ event, data }: UserEvent) => {
      if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    stream.write('retry: 3000\n\n');
    sendBalance();
    const unsubscribe = deps.balanceFeed.subscribe(userId, sendBalance);
    const feeds = deps.feeds ?? [];
    const unsubscribeFeeds = feeds.map((feed) => feed.subscribe(userId, sendEvent));
    for (const feed of feeds) {
      feed.greet(userId).then(
        (events) => {
          events.forEach(sendEvent);
        },
        (error: unknown) => {
          request.log.warn({ err: error }, 'stream greeting not sent');
        },
      );
    }
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      openStreams.delete(stream);
      clearInterval(heartbeat);
      unsubscribe();
      for (const stop of unsubscribeFeeds) stop();
    });
  });
}
