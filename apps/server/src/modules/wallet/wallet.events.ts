import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { BALANCE_CHANNEL } from '../ledger/index.ts';

export type BalanceFeed = {
  /** Calls `onChange` whenever this user's balance changes, in any server process. */
  subscribe: (userId: string, onChange: () => void) => () => void;
  close: () => Promise<void>;
};

/**
 * The ledger NOTIFYs on every committed wallet change; one LISTEN per process fans it out to the open
 * event streams of that user. PostgreSQL carries it across processes.
 */
export async function startBalanceFeed(
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>,
  log: FastifyBaseLogger,
): Promise<BalanceFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stop = await listen(BALANCE_CHANNEL, (userId) => emitter.emit(userId));
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
