import { describe, expect, it } from 'vitest';
import { createStreamRegistry, type OpenStream, type StreamEnd } from './user-events.ts';

const aStream = (userId: string) => {
  const ended: StreamEnd[] = [];
  const stream: OpenStream & { ended: StreamEnd[] } = {
    userId,
    ended,
    end: (reason) => {
      ended.push(reason);
    },
  };
  return stream;
};

describe('the open event streams of a process', () => {
  it("ends a user's oldest stream when they open one more than their cap", () => {
    const streams = createStreamRegistry({ perUser: 5, perProcess: 100 });
    const tabs = Array.from({ length: 6 }, () => aStream('usr_a'));
    for (const tab of tabs) expect(streams.admit(tab)).toBe(true);
    expect(tabs.map((tab) => tab.ended)).toEqual([['replaced'], [], [], [], [], []]);
    expect(streams.ofUser('usr_a')).toEqual(tabs.slice(1));
    expect(streams.size).toBe(5);
  });

  it('admits nobody new once the process is full, but still lets a user at their cap replace a stream', () => {
    const streams = createStreamRegistry({ perUser: 2, perProcess: 3 });
    const [a1, a2, b1] = [aStream('usr_a'), aStream('usr_a'), aStream('usr_b')];
    for (const stream of [a1, a2, b1]) expect(streams.admit(stream)).toBe(true);
    expect(streams.admit(aStream('usr_c'))).toBe(false);
    expect(streams.admit(aStream('usr_b'))).toBe(false);
    const a3 = aStream('usr_a');
    expect(streams.admit(a3)).toBe(true);
    expect(a1.ended).toEqual(['replaced']);
    expect(streams.size).toBe(3);

    streams.remove(b1);
    streams.remove(b1);
    expect(streams.size).toBe(2);
    expect(streams.admit(aStream('usr_c'))).toBe(true);
    expect(streams.all()).toHaveLength(3);
  });
});
