import type { FastifyInstance } from 'fastify';
import { toNairaString } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import {
  createStreamRegistry,
  type OpenStream,
  type StreamEnd,
  type UserEvent,
  type UserEventFeed,
} from '../../lib/user-events.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { BalanceFeed } from './wallet.events.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

const HEARTBEAT_MS = 25_000;
/** Every open stream's session is checked again this often (one query for all), besides before each event. */
const SESSION_SWEEP_MS = 60_000;
const SWEEP_BATCH = 500;
/** A user's sixth stream ends their oldest. */
export const EVENT_STREAMS_PER_USER = 5;
/** Open streams one process holds unless MAX_EVENT_STREAMS says otherwise. */
export const DEFAULT_MAX_EVENT_STREAMS = 2_000;
const BUSY_RETRY_SECONDS = 30;
const BUSY_MESSAGE =
  'Live updates are busy right now. Your balance is still correct when you refresh the page.';

/** Whether the sessions behind open streams still let their users in, and word when that may have changed. */
export type StreamSessions = {
  liveSessions: (sessionIds: readonly string[]) => Promise<Set<string>>;
  /** `onChange(userId)` when that user's sessions or standing may have changed; `null`: anyone's */
  subscribe: (onChange: (userId: string | null) => void) => () => void;
};

type LiveStream = OpenStream & { readonly sessionId: string; recheck: () => void };

/**
 * `GET /api/v1/wallet/events`: the signed-in user's balance and notices as server-sent events. Each stream lives
 * only as long as its session: it is checked before every event, on word of a sign-out or suspension from any
 * process, and every minute; a stream whose session ended gets an `end` event and is closed.
 */
export function registerWalletEventStream(
  app: FastifyInstance,
  deps: {
    ledger: Pick<Ledger, 'getWalletBalance'>;
    balanceFeed: BalanceFeed;
    /** what else the stream carries besides the balance (the notices' unread count) */
    feeds?: readonly UserEventFeed[];
    sessions: StreamSessions;
    /** the most streams this process holds at once */
    maxStreams?: number;
  },
): void {
  const { ledger, sessions } = deps;
  const streams = createStreamRegistry<LiveStream>({
    perUser: EVENT_STREAMS_PER_USER,
    perProcess: deps.maxStreams ?? DEFAULT_MAX_EVENT_STREAMS,
  });
  const sweep = () => {
    const check = async () => {
      const open = streams.all();
      for (let from = 0; from < open.length; from += SWEEP_BATCH) {
        const batch = open.slice(from, from + SWEEP_BATCH);
        const live = await sessions.liveSessions(batch.map((stream) => stream.sessionId));
        for (const stream of batch) if (!live.has(stream.sessionId)) stream.end('signed-out');
      }
    };
    check().catch((error: unknown) => {
      app.log.warn({ err: error }, 'event stream sessions not checked');
    });
  };
  const stopWatching = sessions.subscribe((userId) => {
    if (userId === null) sweep();
    else for (const stream of streams.ofUser(userId)) stream.recheck();
  });
  const sweeper = setInterval(sweep, SESSION_SWEEP_MS);
  sweeper.unref();

  // a shutdown lets requests finish, and an event stream never does: each is ended first (the browser reconnects)
  app.addHook('preClose', (done) => {
    clearInterval(sweeper);
    stopWatching();
    for (const stream of streams.all()) stream.end('closing');
    done();
  });

  route(app, contract.wallet.events, async (request, reply) => {
    const userId = signedInUser(request).id;
    const sessionId = currentSessionId(request);
    const raw = reply.raw;
    let isEnded = false;
    const isStillOpen = () => !isEnded;
    let sending = Promise.resolve();
    const stops: (() => void)[] = [];

    const release = () => {
      if (isEnded) return;
      isEnded = true;
      streams.remove(stream);
      for (const stop of stops) stop();
    };
    const end = (reason: StreamEnd) => {
      if (isEnded) return;
      release();
      if (reason === 'closing') {
        raw.end(() => {
          raw.socket?.destroy();
        });
        return;
      }
      // the browser stops instead of reconnecting
      raw.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    };
    /** Runs after what is already being sent, only while the session still lets its user in. */
    const whileLive = (work: () => Promise<void> | void) => {
      sending = sending
        .then(async () => {
          if (isEnded) return;
          const isLive = (await sessions.liveSessions([sessionId])).has(sessionId);
          if (!isLive) end('signed-out');
          // ended meanwhile (closed by the browser, or just now) it sends nothing
          else if (isStillOpen()) await work();
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'event not sent');
        });
    };
    const stream: LiveStream = {
      userId,
      sessionId,
      end,
      recheck: () => {
        whileLive(() => undefined);
      },
    };

    if (!streams.admit(stream)) {
      throw new AppError('SERVICE_UNAVAILABLE', BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_SECONDS });
    }
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
      ...Object.fromEntries(Object.entries(reply.getHeaders()).filter(([name]) => name === 'set-cookie')),
    });
    const write = (text: string) => {
      if (!isEnded) raw.write(text);
    };
    const sendBalance = () => {
      whileLive(async () => {
        const balanceKobo = await ledger.getWalletBalance(userId);
        write(
          `event: balance\ndata: ${JSON.stringify({ balanceKobo, balance: toNairaString(balanceKobo) })}\n\n`,
        );
      });
    };
    const sendEvent = ({ event, data }: UserEvent) => {
      whileLive(() => {
        write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      });
    };
    write('retry: 3000\n\n');
    sendBalance();
    stops.push(deps.balanceFeed.subscribe(userId, sendBalance));
    const feeds = deps.feeds ?? [];
    stops.push(...feeds.map((feed) => feed.subscribe(userId, sendEvent)));
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
    const heartbeat = setInterval(() => {
      write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    stops.push(() => {
      clearInterval(heartbeat);
    });
    request.raw.on('close', release);
  });
}
