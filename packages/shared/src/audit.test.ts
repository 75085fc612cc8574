import { describe, expect, it } from 'vitest';
import { auditChanges, auditChangesText, describeAuditValue } from './audit.ts';

describe('audit changes', () => {
  it('lists only what changed, money in naira and instants in Lagos time', () => {
    expect(
      auditChanges(
        { status: 'pending', amountKobo: 500_000, note: 'same', suspendedAt: null },
        {
          status: 'approved',
          amountKobo: 750_050,
          note: 'same',
          suspendedAt: '2025-03-12T13:05:00.000Z',
        },
      ),
    ).toEqual([
      { field: 'status', before: 'waiting', after: 'approved' },
      { field: 'amountKobo', before: '₦5,000.00', after: '₦7,500.50' },
      { field: 'suspendedAt', before: null, after: '12 Mar 2025, 14:05' },
    ]);
  });

  it('lists every field of something created, and of something removed', () => {
    expect(auditChanges(null, { role: 'admin', isActive: true })).toEqual([
      { field: 'role', before: null, after: 'admin' },
      { field: 'isActive', before: null, after: 'yes' },
    ]);
    expect(auditChanges({ name: 'Ada' }, null)).toEqual([{ field: 'name', before: 'Ada', after: null }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('writes the changes on one line', () => {
    expect(auditChangesText({ role: 'admin', phone: null }, { role: 'user', phone: '08031234567' })).toBe(
      'role: admin → customer; phone: (none) → 08031234567',
    );
    expect(auditChangesText(null, { status: 'pending', amountKobo: 100 })).toBe(
      'status: waiting; amountKobo: ₦1.00',
    );
    expect(auditChangesText({ name: 'Ada' }, {})).toBe('name: Ada → (none)');
  });

  it("says price rules, statuses, roles and lists in the operator's words", () => {
    expect(auditChanges({ mode: 'bps', bps: 0 }, { mode: 'bps', bps: -100 })).toEqual([
      { field: 'bps', before: 'face value (no discount or markup)', after: 'discount 1 %' },
    ]);
    expect(describeAuditValue('bps', 250)).toBe('markup 2.5 %');
    expect(describeAuditValue('commissionBps', -9_999)).toBe('discount 99.99 %');
    expect(describeAuditValue('mode', 'fixed')).toBe('a fixed price');
    expect(describeAuditValue('status', 'cancelled')).toBe('withdrawn');
    expect(describeAuditValue('role', 'user')).toBe('customer');
    expect(describeAuditValue('revokedInvitations', ['inv_1', 'inv_2'])).toBe('inv_1, inv_2');
    // a word only where the field says what it is
    expect(describeAuditValue('name', 'pending')).toBe('pending');
  });

  it('shows nested values as JSON', () => {
    expect(describeAuditValue('rule', { bps: -100 })).toBe('{"bps":-100}');
    expect(describeAuditValue('count', 3)).toBe('3');
  });
});
