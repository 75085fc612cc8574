import { describe, expect, it } from 'vitest';
import { actionLabel, describeChanges, fieldLabel } from './audit-words.ts';

describe("the audit log in the operator's words", () => {
  it('names actions and fields plainly, and keeps an unknown action as recorded', () => {
    expect(actionLabel('invitation.accept')).toBe('Admin invitation used: a new admin');
    expect(actionLabel('user.demote')).toBe('Admin demoted to customer');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(fieldLabel('fixedPriceKobo')).toBe('Fixed price');
    expect(fieldLabel('partnerAccessAt')).toBe('Partner access at');
    expect(fieldLabel('minimumKobo')).toBe('Minimum');
  });

  it('shows money in naira, a price rule as a discount or markup, statuses and roles in words', () => {
    expect(
      describeChanges(
        { mode: 'bps', bps: 200, allowLoss: false, status: 'pending', role: 'admin' },
        { mode: 'fixed', fixedPriceKobo: 14_000, allowLoss: true, status: 'cancelled', role: 'user' },
      ),
    ).toEqual([
      { field: 'Priced as', before: 'a percentage of the face value', after: 'a fixed price' },
      { field: 'Price', before: 'markup 2 %', after: null },
      { field: 'Sell at a loss', before: 'no', after: 'yes' },
      { field: 'Status', before: 'waiting', after: 'withdrawn' },
      { field: 'Role', before: 'admin', after: 'customer' },
      { field: 'Fixed price', before: null, after: '₦140.00' },
    ]);
    expect(describeChanges(null, { bps: -100 })).toEqual([
      { field: 'Price', before: null, after: 'discount 1 %' },
    ]);
  });
});
