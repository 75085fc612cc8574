import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditResponse } from '@quickvend/shared/api/audit';
import { auditLog } from '../../../src/db/schema.ts';
import { newId } from '../../../src/lib/ids.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

/** Drizzle wraps driver errors: match the database's own message. */
const causedBy = (pattern: RegExp) => {
  const cause: unknown = expect.objectContaining({ message: expect.stringMatching(pattern) as unknown });
  return { cause };
};

describeEachDatabase('the audit log', (kind) => {
  let t: TestApp;
  let reader: TestClient;
  let ada: Actor;
  let bola: Actor;
  const cli: Actor = { id: null, label: 'cli:ops' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admins = [];
    for (const name of ['Ada Admin', 'Bola Admin']) {
      const admin = await signUp(t.app, { name });
      await t.container.auth.setRole(admin.userId, 'admin');
      admins.push(admin);
    }
    const [first, second] = admins;
    if (!first || !second) throw new Error('no admins');
    reader = first.client;
    ada = { id: first.userId, label: first.email, ip: '203.0.113.7' };
    bola = { id: second.userId, label: second.email, ip: '198.51.100.2' };

    const { audit } = t.container;
    await audit.record(ada, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: 'usr_target1',
      before: { suspendedAt: null },
      after: { suspendedAt: '2025-03-12T13:05:00.000Z' },
      reason: 'Chargebacks',
    });
    await audit.record(bola, {
      action: 'wallet.credit',
      targetType: 'user',
      targetId: 'usr_target1',
      before: { balanceKobo: 0 },
      after: { balanceKobo: 500_000 },
      reason: '=HYPERLINK("http://evil.example","refund")',
    });
    await audit.record(ada, {
      action: 'purchase.requery',
      targetType: 'purchase',
      targetId: 'pur_target2',
      after: { status: 'delivered' },
    });
    await audit.record(cli, {
      action: 'user.unsuspend',
      targetType: 'user',
      targetId: 'usr_target1',
      before: { suspendedAt: '2025-03-12T13:05:00.000Z' },
      after: { suspendedAt: null },
      reason: 'Cleared, by phone',
    });
    await audit.record(bola, {
      action: 'userish.thing',
      targetType: 'setting',
      targetId: 'approvals.thresholdKobo',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string) => {
    const response = await reader.get(`/api/v1/admin/audit?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditResponse>();
  };
  const actions = (page: AuditResponse) => page.entries.map((entry) => entry.action);

  it('shows who did what to which target, newest first, with before, after, reason and IP', async () => {
    const page = await list(`actor=${encodeURIComponent(ada.label)}`);
    expect(page.nextCursor).toBeNull();
    expect(page.entries).toEqual([
      expect.objectContaining({
        action: 'purchase.requery',
        targetType: 'purchase',
        targetId: 'pur_target2',
      }),
      {
        id: expect.stringMatching(/^aud_/) as unknown,
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
        actorId: ada.id,
        actorLabel: ada.label,
        action: 'user.suspend',
        targetType: 'user',
        targetId: 'usr_target1',
        before: { suspendedAt: null },
        after: { suspendedAt: '2025-03-12T13:05:00.000Z' },
        reason: 'Chargebacks',
        ip: '203.0.113.7',
      },
    ]);
  });

  it('filters by the actor’s id or email in any case, or by the command line', async () => {
    expect(actions(await list(`actor=${bola.id ?? ''}`))).toEqual(['userish.thing', 'wallet.credit']);
    expect(actions(await list(`actor=${encodeURIComponent(bola.label.toUpperCase())}`))).toEqual([
      'userish.thing',
      'wallet.credit',
    ]);
    expect(actions(await list('actor=cli'))).toEqual(['user.unsuspend']);
    expect(actions(await list('actor=nobody%40example.com'))).toEqual([]);
  });

  it('filters by an action or its family, and by target', async () => {
    expect(actions(await list('action=user.suspend'))).toEqual(['user.suspend']);
    expect(actions(await list('action=user'))).toEqual(['user.unsuspend', 'user.suspend']);
    expect(actions(await list('action=user%25'))).toEqual([]);
    expect(actions(await list('targetType=user&targetId=usr_target1'))).toEqual([
      'user.unsuspend',
      'wallet.credit',
      'user.suspend',
    ]);
    expect(actions(await list('targetType=purchase'))).toEqual(['purchase.requery']);
    expect(actions(await list(`targetType=user&actor=${ada.id ?? ''}`))).toEqual(['user.suspend']);
  });

  it('pages with a cursor until the last page', async () => {
    const first = await list('limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).toBe(first.entries[1]?.id);
    const seen = [...first.entries];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await list(`limit=2&cursor=${cursor}`);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    }
    const all = await list('limit=200');
    expect(seen.map((entry) => entry.id)).toEqual(all.entries.map((entry) => entry.id));
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(seen.length);
  });

  it('filters by Lagos calendar days, counting both ends', async () => {
    const insert = (action: string, at: string) =>
      t.container.db.insert(auditLog).values({
        id: newId('aud'),
        at: new Date(at),
        actorId: null,
        actorLabel: 'cli:ops',
        action,
        targetType: 'setting',
      });
    await insert('dated.before', '2025-03-09T22:59:59Z');
    await insert('dated.first', '2025-03-09T23:00:00Z');
    await insert('dated.last', '2025-03-10T22:59:59Z');
    await insert('dated.after', '2025-03-10T23:00:00Z');
    expect(actions(await list('action=dated&from=2025-03-10&to=2025-03-10'))).toEqual([
      'dated.last',
      'dated.first',
    ]);
    expect(actions(await list('action=dated&to=2025-03-09'))).toEqual(['dated.before']);
    expect(actions(await list('action=dated&from=2025-03-11'))).toEqual(['dated.after']);
  });

  it('exports the filtered log as CSV, changes readable and formulas inert', async () => {
    const response = await reader.get('/api/v1/admin/audit.csv?targetId=usr_target1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('When (Lagos),Who,Action,Target,Target id,Changes,Reason,IP,Record id');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},cli:ops,user\.unsuspend,user,usr_target1,"suspendedAt: 12 Mar 2025, 14:05 → \(none\)","Cleared, by phone",,aud_/,
    );
    expect(lines[2]).toContain(
      `,wallet.credit,user,usr_target1,"balanceKobo: ₦0.00 → ₦5,000.00","'=HYPERLINK(""http://evil.example"",""refund"")",198.51.100.2,`,
    );
    expect(lines[3]).toContain(',user.suspend,user,usr_target1,"suspendedAt: (none) → 12 Mar 2025, 14:05"');
  });

  it.each([
    ['from=2025-03-11&to=2025-03-10', 'to', 'The end date must be on or after the start date.'],
    ['from=2025-02-30', 'from', 'Enter the start date as YYYY-MM-DD.'],
    ['limit=0', 'limit', expect.any(String) as unknown],
  ])('refuses %s with a clear 400', async (query, field, message) => {
    for (const path of ['audit', 'audit.csv']) {
      const response = await reader.get(`/api/v1/admin/${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: { [field]: message } },
      });
    }
  });

  it('refuses to change or remove a record, in the database itself', async () => {
    await expect(t.container.db.execute(sql`update audit_log set reason = 'edited'`)).rejects.toMatchObject(
      causedBy(/append-only: UPDATE on audit_log refused/),
    );
    await expect(t.container.db.execute(sql`delete from audit_log`)).rejects.toMatchObject(
      causedBy(/append-only: DELETE on audit_log refused/),
    );
    await expect(t.container.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(
      causedBy(/append-only: TRUNCATE on audit_log refused/),
    );
    const page = await list(`actor=${encodeURIComponent(ada.label)}`);
    expect(page.entries.find((entry) => entry.action === 'user.suspend')?.reason).toBe('Chargebacks');
  });
});
