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
      { field: 'status', before: 'pending', after: 'approved' },
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
      'role: admin → user; phone: (none) → 08031234567',
    );
    expect(auditChangesText(null, { status: 'pending', amountKobo: 100 })).toBe(
      'status: pending; amountKobo: ₦1.00',
    );
    expect(auditChangesText({ name: 'Ada' }, {})).toBe('name: Ada → (none)');
  });

  it('shows nested values as JSON', () => {
    expect(describeAuditValue('rule', { bps: -100 })).toBe('{"bps":-100}');
    expect(describeAuditValue('count', 3)).toBe('3');
  });
});
