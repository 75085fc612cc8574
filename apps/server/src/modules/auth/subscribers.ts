import type { DomainEvents } from '../../lib/domain-events.ts';
import type { SessionWatch } from './session-watch.ts';

/**
 * A password reset or change ends sessions: their live event streams end with them. In-process: the sessions are
 * already ended in the database, and every stream checks its session again on its own.
 */
export function registerAuthSubscribers(
  events: DomainEvents,
  sessionWatch: Pick<SessionWatch, 'tellEnded'>,
): void {
  for (const type of ['security.password-changed', 'security.password-reset'] as const)
    events.subscribe(type, 'session-watch', 'in-process', ({ userId }) => {
      sessionWatch.tellEnded(userId);
    });
}
