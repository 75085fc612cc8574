import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { BALANCE_CHANNEL } from '../ledger/index.ts';

export type BalanceFeed = {
  /** Calls `onChange` whenever this user's balance changes, in any server process. */
  subscribe: (userId: string, onChange: () => void) => () => void;
  close: () => Promise<void>;
};

/**
 * The ledger NOTIFYs on every committed wallet change (a payload is one user id, or several joined by commas);
 * one LISTEN per process fans it out to the open event streams of that user. PostgreSQL carries it across
 * processes.
 */
export async function startBalanceFeed(
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>,
  log: FastifyBaseLogger,
): Promise<BalanceFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stop = await listen(BALANCE_CHANNEL, (payload) => {
    for (const userId of payload.split(',')) emitter.emit(userId);
  });
  return {
    subscribe(userId, onChange) {
      emitter.on(userId, onChange);
      return () => emitter.off(userId, onChange);
    },
    async close() {
      emitter.removeAllListeners();
      await stop().catch((error: unknown) => {
        log.warn({ err: error }, 'closing the balance listener failed');
      });
    },
  };
}

// a NOTIFY payload must stay under 8000 bytes
const PAYLOAD_LIMIT = 7_000;
// long enough that a busy server says many changes in one NOTIFY, short enough that nobody sees it wait
const ANNOUNCE_AFTER_MS = 25;

/**
 * Announces the balances the ledger changed in statements of their own, after they committed: every change of
 * the next 25 ms in one NOTIFY, in a transaction that writes nothing (so it never waits on the
 * notification lock through a WAL flush). `track` keeps each announcement until the process closes.
 */
export function createBalanceAnnouncer(deps: {
  notify: (channel: string, payload: string) => Promise<void>;
  track: (announcement: Promise<void>) => void;
}): (userIds: string[]) => void {
  let waiting = new Set<string>();
  async function flush() {
    const userIds = [...waiting];
    waiting = new Set();
    let payload = '';
    for (const userId of userIds) {
      if (payload && payload.length + userId.length + 1 > PAYLOAD_LIMIT) {
        await deps.notify(BALANCE_CHANNEL, payload);
        payload = '';
      }
      payload = payload ? `${payload},${userId}` : userId;
    }
    if (payload) await deps.notify(BALANCE_CHANNEL, payload);
  }
  return (userIds) => {
    if (waiting.size === 0)
      deps.track(new Promise<void>((resolve) => setTimeout(resolve, ANNOUNCE_AFTER_MS)).then(flush));
    for (const userId of userIds) waiting.add(userId);
  };
}
