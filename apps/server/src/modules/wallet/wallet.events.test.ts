import { describe, expect, it } from 'vitest';
import { BALANCE_CHANNEL } from '../ledger/index.ts';
import { createBalanceAnnouncer } from './wallet.events.ts';

describe('the balance announcer', () => {
  function announcer() {
    const sent: string[] = [];
    const tracked: Promise<void>[] = [];
    const announce = createBalanceAnnouncer({
      notify: (channel, payload) => {
        expect(channel).toBe(BALANCE_CHANNEL);
        sent.push(payload);
        return Promise.resolve();
      },
      track: (announcement) => tracked.push(announcement),
    });
    return { announce, sent, tracked };
  }

  it('says the changes of the next moment in one notification, each user once, and tracks it until sent', async () => {
    const { announce, sent, tracked } = announcer();
    announce(['usr_a']);
    announce(['usr_b', 'usr_a']);
    expect(sent).toEqual([]);
    expect(tracked).toHaveLength(1);
    await Promise.all(tracked);
    expect(sent).toEqual(['usr_a,usr_b']);

    announce(['usr_c']);
    await Promise.all(tracked);
    expect(sent).toEqual(['usr_a,usr_b', 'usr_c']);
  });

  it('splits a long list below the 8000-byte payload limit without splitting a user id', async () => {
    const { announce, sent, tracked } = announcer();
    const userIds = Array.from({ length: 600 }, (_, i) => `usr_${String(i).padStart(20, '0')}`);
    announce(userIds);
    await Promise.all(tracked);
    expect(sent.length).toBeGreaterThan(1);
    for (const payload of sent) expect(payload.length).toBeLessThan(8_000);
    expect(sent.flatMap((payload) => payload.split(','))).toEqual(userIds);
  });
});
