import { describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { CONFIRMING, ESCALATED_MESSAGE, NEVER_RECEIVED } from '@quickvend/shared/messages/purchase';
import {
  nextPurchaseState,
  PURCHASE_STEPS,
  type DeliveredOutcome,
  type LifecyclePurchase,
  type ProviderAnswer,
  type PurchaseDecision,
} from './purchase-lifecycle.ts';

const createdAt = new Date('2025-03-12T13:00:00.000Z');
const resolveBy = new Date('2025-03-12T13:30:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(createdAt.getTime() + ms);

const times = {
  'before the grace': at(MINUTE),
  'after the grace': at(6 * MINUTE),
  'before the deadline': at(29 * MINUTE),
  'at the deadline': at(30 * MINUTE),
  'after the deadline': at(45 * MINUTE),
  'after 24 h': at(24 * 60 * MINUTE + MINUTE),
} as const;
type When = keyof typeof times;

const delivered: DeliveredOutcome = {
  status: 'delivered',
  message: 'Transaction successful',
  providerReference: 'vt-1',
  costKobo: kobo(9_700),
  token: null,
  pins: null,
  units: null,
  receiptLines: [],
};
const answers = {
  delivered,
  failed: { status: 'failed', message: 'Transaction failed', code: '016' },
  pending: { status: 'pending', message: 'Transaction is processing', code: '099' },
  unknown: { status: 'unknown' },
  unreachable: { status: 'unreachable' },
  callback: { status: 'callback' },
} as const satisfies Record<string, ProviderAnswer>;
type AnswerName = keyof typeof answers;

const purchases = {
  // just held: the provider not yet answered
  processing: {
    status: 'processing',
    createdAt,
    resolveBy,
    checks: 0,
    flaggedAt: null,
    message: '',
    movedAt: null,
  },
  // kept pending three times already
  pending: {
    status: 'pending',
    createdAt,
    resolveBy,
    checks: 3,
    flaggedAt: null,
    message: 'Transaction is processing',
    movedAt: null,
  },
  delivered: {
    status: 'delivered',
    createdAt,
    resolveBy,
    checks: 2,
    flaggedAt: null,
    message: 'Done',
    movedAt: null,
  },
  failed: {
    status: 'failed',
    createdAt,
    resolveBy,
    checks: 2,
    flaggedAt: null,
    message: 'Refunded',
    movedAt: null,
  },
} as const satisfies Record<string, LifecyclePurchase>;
type StateName = keyof typeof purchases;

const tell = { kind: 'tell' } as const;
const settled: PurchaseDecision = {
  state: 'delivered',
  effects: [{ kind: 'settle', outcome: delivered }, tell],
};
const refunded = (message: string): PurchaseDecision => ({
  state: 'failed',
  effects: [{ kind: 'refund', message }, tell],
});
/** kept pending: the requery `inSeconds` after now, or at the deadline itself */
const kept = (
  when: When,
  message: string,
  next: { inSeconds: number } | 'the deadline',
  checks: number,
  flags: { escalate?: boolean; flag?: boolean; tell?: boolean } = {},
): PurchaseDecision => ({
  state: 'pending',
  effects: [
    {
      kind: 'keepPending',
      message,
      checks,
      nextCheckAt:
        next === 'the deadline' ? resolveBy : new Date(times[when].getTime() + next.inSeconds * 1000),
      escalate: flags.escalate ?? false,
      flag: flags.flag ?? false,
    },
    ...(flags.tell ? [tell] : []),
  ],
});
const escalated = { escalate: true, flag: true, tell: true };

/** Every open state × answer × time, written out. */
const openCases: [StateName, AnswerName, When, PurchaseDecision][] = [
  // a provider's final word ends an open purchase at any time
  ...(['processing', 'pending'] as const).flatMap((state) =>
    (Object.keys(times) as When[]).flatMap((when): [StateName, AnswerName, When, PurchaseDecision][] => [
      [state, 'delivered', when, settled],
      [state, 'failed', when, refunded('Transaction failed')],
    ]),
  ),

  // the first pending is told; the schedule starts at 15 s
  [
    'processing',
    'pending',
    'before the grace',
    kept('before the grace', 'Transaction is processing', { inSeconds: 15 }, 1, { tell: true }),
  ],
  [
    'processing',
    'pending',
    'after the grace',
    kept('after the grace', 'Transaction is processing', { inSeconds: 15 }, 1, { tell: true }),
  ],
  [
    'processing',
    'pending',
    'before the deadline',
    kept('before the deadline', 'Transaction is processing', { inSeconds: 15 }, 1, { tell: true }),
  ],
  [
    'processing',
    'pending',
    'at the deadline',
    kept('at the deadline', ESCALATED_MESSAGE, { inSeconds: 15 }, 1, escalated),
  ],
  [
    'processing',
    'pending',
    'after the deadline',
    kept('after the deadline', ESCALATED_MESSAGE, { inSeconds: 15 }, 1, escalated),
  ],
  [
    'processing',
    'pending',
    'after 24 h',
    kept('after 24 h', ESCALATED_MESSAGE, { inSeconds: 15 }, 1, escalated),
  ],
  // a fourth check waits 120 s, but the one before the deadline falls on it
  [
    'pending',
    'pending',
    'before the grace',
    kept('before the grace', 'Transaction is processing', { inSeconds: 120 }, 4),
  ],
  [
    'pending',
    'pending',
    'after the grace',
    kept('after the grace', 'Transaction is processing', { inSeconds: 120 }, 4),
  ],
  [
    'pending',
    'pending',
    'before the deadline',
    kept('before the deadline', 'Transaction is processing', 'the deadline', 4),
  ],
  [
    'pending',
    'pending',
    'at the deadline',
    kept('at the deadline', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, escalated),
  ],
  [
    'pending',
    'pending',
    'after the deadline',
    kept('after the deadline', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, escalated),
  ],
  [
    'pending',
    'pending',
    'after 24 h',
    kept('after 24 h', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, escalated),
  ],

  // "never saw it": still arriving within the grace, refunded after it
  [
    'processing',
    'unknown',
    'before the grace',
    kept('before the grace', CONFIRMING, { inSeconds: 15 }, 1, { tell: true }),
  ],
  ['pending', 'unknown', 'before the grace', kept('before the grace', CONFIRMING, { inSeconds: 120 }, 4)],
  ...(
    ['after the grace', 'before the deadline', 'at the deadline', 'after the deadline', 'after 24 h'] as const
  ).flatMap((when): [StateName, AnswerName, When, PurchaseDecision][] => [
    ['processing', 'unknown', when, refunded(NEVER_RECEIVED)],
    ['pending', 'unknown', when, refunded(NEVER_RECEIVED)],
  ]),

  // a callback is heard only by asking again, now; it moves nothing by itself
  ...(['processing', 'pending'] as const).flatMap((state) =>
    (Object.keys(times) as When[]).map((when): [StateName, AnswerName, When, PurchaseDecision] => [
      state,
      'callback',
      when,
      { state, effects: [{ kind: 'askAgain' }] },
    ]),
  ),

  // not reached: pending, never failed; the customer keeps reading what they read
  [
    'processing',
    'unreachable',
    'before the grace',
    kept('before the grace', CONFIRMING, { inSeconds: 15 }, 1, { tell: true }),
  ],
  [
    'processing',
    'unreachable',
    'after the grace',
    kept('after the grace', CONFIRMING, { inSeconds: 15 }, 1, { tell: true }),
  ],
  [
    'processing',
    'unreachable',
    'before the deadline',
    kept('before the deadline', CONFIRMING, { inSeconds: 15 }, 1, { tell: true }),
  ],
  [
    'processing',
    'unreachable',
    'at the deadline',
    kept('at the deadline', ESCALATED_MESSAGE, { inSeconds: 15 }, 1, escalated),
  ],
  [
    'processing',
    'unreachable',
    'after the deadline',
    kept('after the deadline', ESCALATED_MESSAGE, { inSeconds: 15 }, 1, escalated),
  ],
  [
    'processing',
    'unreachable',
    'after 24 h',
    kept('after 24 h', ESCALATED_MESSAGE, { inSeconds: 15 }, 1, escalated),
  ],
  [
    'pending',
    'unreachable',
    'before the grace',
    kept('before the grace', 'Transaction is processing', { inSeconds: 120 }, 4),
  ],
  [
    'pending',
    'unreachable',
    'after the grace',
    kept('after the grace', 'Transaction is processing', { inSeconds: 120 }, 4),
  ],
  [
    'pending',
    'unreachable',
    'before the deadline',
    kept('before the deadline', 'Transaction is processing', 'the deadline', 4),
  ],
  [
    'pending',
    'unreachable',
    'at the deadline',
    kept('at the deadline', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, escalated),
  ],
  [
    'pending',
    'unreachable',
    'after the deadline',
    kept('after the deadline', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, escalated),
  ],
  [
    'pending',
    'unreachable',
    'after 24 h',
    kept('after 24 h', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, escalated),
  ],
];

/** A final purchase never moves; only a refunded one the provider calls delivered (or calls back about) is checked. */
const finalCases: [StateName, AnswerName, PurchaseDecision][] = [
  ['delivered', 'delivered', { state: 'delivered', effects: [] }],
  ['delivered', 'failed', { state: 'delivered', effects: [] }],
  ['delivered', 'pending', { state: 'delivered', effects: [] }],
  ['delivered', 'unknown', { state: 'delivered', effects: [] }],
  ['delivered', 'unreachable', { state: 'delivered', effects: [] }],
  ['delivered', 'callback', { state: 'delivered', effects: [] }],
  ['failed', 'delivered', { state: 'failed', effects: [{ kind: 'checkRefunded' }] }],
  ['failed', 'failed', { state: 'failed', effects: [] }],
  ['failed', 'pending', { state: 'failed', effects: [] }],
  ['failed', 'unknown', { state: 'failed', effects: [] }],
  ['failed', 'unreachable', { state: 'failed', effects: [] }],
  // anyone can call back about a refunded purchase: the check asks the provider whether it was delivered
  ['failed', 'callback', { state: 'failed', effects: [{ kind: 'checkRefunded' }] }],
];

describe('nextPurchaseState', () => {
  it('covers every open state, answer and time', () => {
    const covered = new Set(openCases.map(([state, answer, when]) => `${state}/${answer}/${when}`));
    expect(covered.size).toBe(openCases.length);
    expect(covered.size).toBe(2 * Object.keys(answers).length * Object.keys(times).length);
  });

  it.each(openCases)('%s, the provider says %s, %s', (state, answer, when, expected) => {
    expect(nextPurchaseState(purchases[state], answers[answer], times[when])).toEqual(expected);
  });

  it.each(finalCases)('%s, the provider says %s, at any time', (state, answer, expected) => {
    for (const now of Object.values(times))
      expect(nextPurchaseState(purchases[state], answers[answer], now)).toEqual(expected);
  });

  it('waits 15, 30, 60, 120, 300, 600 and 1800 s between checks, then an hour, counting each check', () => {
    const now = at(MINUTE);
    const waits = [0, 1, 2, 3, 4, 5, 6, 7, 12].map((checks) => {
      const purchase = { ...purchases.pending, resolveBy: null, checks };
      const [effect] = nextPurchaseState(purchase, answers.pending, now).effects;
      if (effect?.kind !== 'keepPending') throw new Error(`kept pending, not ${effect?.kind}`);
      expect(effect.checks).toBe(checks + 1);
      return (effect.nextCheckAt.getTime() - now.getTime()) / 1000;
    });
    expect(waits).toEqual([15, 30, 60, 120, 300, 600, 1800, 3600, 3600]);
  });

  it('refunds "never saw it" only once more than 5 minutes have passed', () => {
    const state = (ms: number) => nextPurchaseState(purchases.processing, answers.unknown, at(ms)).state;
    expect(state(5 * MINUTE)).toBe('pending');
    expect(state(5 * MINUTE + 1)).toBe('failed');
  });

  it('tells the customer of an escalation once: a purchase already flagged stays escalated, untold', () => {
    const flagged = { ...purchases.pending, flaggedAt: times['at the deadline'] };
    expect(nextPurchaseState(flagged, answers.pending, times['after the deadline'])).toEqual(
      kept('after the deadline', ESCALATED_MESSAGE, { inSeconds: 120 }, 4, { escalate: true }),
    );
  });

  it('flags a purchase without a deadline after 24 h, neither escalated nor told', () => {
    const old = { ...purchases.pending, resolveBy: null };
    expect(nextPurchaseState(old, answers.pending, times['after the deadline'])).toEqual(
      kept('after the deadline', 'Transaction is processing', { inSeconds: 120 }, 4),
    );
    expect(nextPurchaseState(old, answers.pending, times['after 24 h'])).toEqual(
      kept('after 24 h', 'Transaction is processing', { inSeconds: 120 }, 4, { flag: true }),
    );
  });
});

describe('PURCHASE_STEPS', () => {
  it('undoes only the hold, by the refund: once the provider was asked, nothing is undone', () => {
    const undone = Object.entries(PURCHASE_STEPS).flatMap(([name, step]) =>
      step.compensate ? [[name, step.compensate]] : [],
    );
    expect(undone).toEqual([['hold', 'refund']]);
  });
});
