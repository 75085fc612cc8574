import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { queryRows } from '../../../src/db/client.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { WALLET_ADJUSTMENT } from '../../../src/modules/admin/index.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { auditLog } from '../../../src/modules/audit/audit.tables.ts';
import { users } from '../../../src/modules/auth/auth.tables.ts';
import { createTestApp, errorOf, signUp, type TestApp } from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase } from '../../helpers/database.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

const TRIES = 10;
const NOT_ADMIN_TO_APPROVE = 'You are no longer an active admin, so you cannot approve this.';

/** A promise the test settles by hand: where a transaction under test waits, or what it waits for. */
function signal() {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { settled, settle };
}

/** What a refused call threw, as its code and message. */
async function refusalOf(work: Promise<unknown>) {
  const thrown = await work.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof AppError)) throw new Error(`expected a refusal, got ${String(thrown)}`);
  return { code: thrown.code, message: thrown.message };
}

async function newAdminActor(t: TestApp, name: string): Promise<Actor> {
  const made = await signUp(t.app, { name });
  await t.container.auth.setRole(made.userId, 'admin');
  return { id: made.userId, label: made.email, ip: '127.0.0.1' };
}

describeEachDatabase('partner access and key creation lock each other', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('never ends with partner access off and a key that works, however turning it off meets a key being made', async () => {
    const partner = await fundedCustomer(t, 0);
    await t.container.db.update(users).set({ emailVerified: true }).where(eq(users.id, partner.userId));
    const turn = (enabled: boolean) => partner.client.put('/api/v1/profile/partner-access', { enabled });
    let made = 0;
    for (let round = 0; round < TRIES; round += 1) {
      expect((await turn(true)).statusCode).toBe(200);
      // the key's password check takes long enough for the switch to land in the middle of it
      const [created, off] = await Promise.all([
        partner.client.post('/api/v1/api-keys', {
          name: `Till ${round}`,
          password: partner.password,
          pin: TEST_PIN,
        }),
        turn(false),
      ]);
      expect([201, 403], created.body).toContain(created.statusCode);
      expect([200, 409], off.body).toContain(off.statusCode);
      const accessOn = (await t.container.auth.accounts.partnerAccessOf(partner.userId)) !== null;
      const working = await t.container.partners.countActiveKeys(partner.userId);
      expect({ round, accessOn, working }).toEqual({ round, accessOn: working > 0, working });
      // either the key was made first and stopped the switch, or the switch came first and refused the key
      expect({ round, created: created.statusCode, off: off.statusCode }).toEqual(
        created.statusCode === 201 ? { round, created: 201, off: 409 } : { round, created: 403, off: 200 },
      );
      if (created.statusCode === 201) {
        made += 1;
        const { apiKey } = created.json<{ apiKey: { id: string } }>();
        expect((await partner.client.post(`/api/v1/api-keys/${apiKey.id}/revoke`)).statusCode).toBe(200);
      } else {
        expect(errorOf(created).message).toBe(
          'Turn on partner access in your profile (Developers) before creating an API key.',
        );
      }
    }
    const keys = await t.container.partners.listKeys(partner.userId);
    expect(keys.filter((key) => key.revokedAt === null)).toEqual([]);
    expect(keys).toHaveLength(made);
  });
});

describeEachDatabase('an approval re-reads its checker in the deciding transaction', (kind) => {
  let t: TestApp;
  let maker: Actor;
  let other: Actor;
  beforeAll(async () => {
    t = await createTestApp(kind);
    maker = await newAdminActor(t, 'Maker Ada');
    other = await newAdminActor(t, 'Admin Bola');
  });
  afterAll(async () => {
    await t.close();
  });

  const askCredit = async (userId: string) =>
    t.container.approvals.request(
      {
        kind: WALLET_ADJUSTMENT,
        targetId: userId,
        amountKobo: kobo(100_000),
        payload: { userId, direction: 'credit' },
        reason: 'Refund of a failed transfer',
      },
      maker,
    );

  it('refuses a decision by an admin demoted or suspended after their request reached the server; the request waits', async () => {
    const customer = await signUp(t.app);
    const approval = await askCredit(customer.userId);

    const demoted = await newAdminActor(t, 'Admin Chidi');
    await t.container.auth.setRole(demoted.id ?? '', 'user');
    expect(await refusalOf(t.container.approvals.approve(approval.id, demoted))).toEqual({
      code: 'CONFLICT',
      message: NOT_ADMIN_TO_APPROVE,
    });
    expect(await refusalOf(t.container.approvals.reject(approval.id, demoted, 'no'))).toEqual({
      code: 'CONFLICT',
      message: 'You are no longer an active admin, so you cannot reject this.',
    });

    const suspended = await newAdminActor(t, 'Admin Dayo');
    await t.container.userAdmin.suspend(other, suspended.id ?? '', 'Left the company');
    const asked = await t.container.approvals.list({ status: 'pending', targetId: suspended.id ?? '' });
    await t.container.approvals.approve(asked[0]?.id ?? '', maker);
    expect(await refusalOf(t.container.approvals.approve(approval.id, suspended))).toEqual({
      code: 'CONFLICT',
      message: NOT_ADMIN_TO_APPROVE,
    });

    expect(await t.container.approvals.get(approval.id)).toMatchObject({
      status: 'pending',
      decidedBy: null,
    });
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(0);
    // an active admin still decides it
    expect(await t.container.approvals.approve(approval.id, other)).toMatchObject({ status: 'approved' });
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(100_000);
  });
});

for (const kind of databaseKinds.filter((k) => k === 'postgres')) {
  describe(`an approval and its checker's demotion at the same time [${kind}]`, () => {
    let t: TestApp;
    let maker: Actor;
    let asker: Actor;
    let approver: Actor;
    const carrying = { reached: signal(), release: signal() };
    beforeAll(async () => {
      t = await createTestApp(kind);
      maker = await newAdminActor(t, 'Maker Ada');
      asker = await newAdminActor(t, 'Admin Bola');
      approver = await newAdminActor(t, 'Admin Chidi');
      // a credit that stops half way through its transaction until the test lets it go on
      t.container.approvals.register('test.paused-credit', async (approval, { tx }) => {
        await t.container.ledger.adjustWallet(
          {
            userId: approval.targetId,
            direction: 'credit',
            amountKobo: kobo(100_000),
            reason: 'paused',
            actor: 'test',
            reference: `adjustment:${approval.id}`,
          },
          tx,
        );
        carrying.reached.settle();
        await carrying.release.settled;
        return {};
      });
    });
    afterAll(async () => {
      await t.close();
    });

    const ask = (kindOf: string, userId: string) =>
      t.container.approvals.request(
        {
          kind: kindOf,
          targetId: userId,
          amountKobo: kobo(100_000),
          payload: { userId, direction: 'credit' },
          reason: 'Refund of a failed transfer',
        },
        maker,
      );
    /** The back office's demotion of an admin: one admin asks, another approves. */
    const demote = async (checker: Actor) => {
      const asked = await t.container.userAdmin.demote(asker, checker.id ?? '', 'Moved to another team');
      if (asked.status !== 'awaiting_approval') throw new Error('an admin was demoted by one admin');
      return t.container.approvals.approve(asked.approval.id, approver);
    };
    const roleOf = async (userId: string) => (await t.container.auth.accounts.findUser(userId))?.role;
    const waitingOnLocks = async () =>
      Number(
        (
          await queryRows<{ waiting: string }>(
            t.container.db,
            sql`select count(*)::text as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]?.waiting,
      );

    it('refuses the approval when the demotion commits while it is being carried out', async () => {
      const customer = await signUp(t.app);
      const checker = await newAdminActor(t, 'Checker Dayo');
      const approval = await ask('test.paused-credit', customer.userId);
      const deciding = refusalOf(t.container.approvals.approve(approval.id, checker));
      await carrying.reached.settled;
      try {
        expect(await demote(checker)).toMatchObject({ status: 'approved' });
        expect(await roleOf(checker.id ?? '')).toBe('user');
      } finally {
        carrying.release.settle();
      }
      expect(await deciding).toEqual({ code: 'CONFLICT', message: NOT_ADMIN_TO_APPROVE });
      expect(await t.container.approvals.get(approval.id)).toMatchObject({
        status: 'pending',
        decidedBy: null,
      });
      expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(0);
    });

    it('makes the approval wait for a demotion holding the checker, then refuses it', async () => {
      const customer = await signUp(t.app);
      const checker = await newAdminActor(t, 'Checker Efe');
      const approval = await ask(WALLET_ADJUSTMENT, customer.userId);
      const held = signal();
      const release = signal();
      // the demotion's own locking, held open until the approval is seen waiting on it
      const demotion = t.container.db.transaction(async (tx) => {
        await t.container.auth.accounts.demote(checker.id ?? '', tx);
        held.settle();
        await release.settled;
      });
      await held.settled;
      const deciding = refusalOf(t.container.approvals.approve(approval.id, checker));
      try {
        await vi.waitFor(
          async () => {
            expect(await waitingOnLocks()).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 20 },
        );
      } finally {
        release.settle();
        await demotion;
      }
      expect(await deciding).toEqual({ code: 'CONFLICT', message: NOT_ADMIN_TO_APPROVE });
      expect(await t.container.approvals.get(approval.id)).toMatchObject({ status: 'pending' });
      expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(0);
    });

    it('never commits an approval after its checker’s demotion, over many tries', async () => {
      let approved = 0;
      let refused = 0;
      for (let round = 0; round < TRIES; round += 1) {
        const customer = await signUp(t.app);
        const checker = await newAdminActor(t, `Checker ${round}`);
        const approval = await ask(WALLET_ADJUSTMENT, customer.userId);
        const [decision, demotion] = await Promise.allSettled([
          t.container.approvals.approve(approval.id, checker),
          demote(checker),
        ]);
        expect(demotion.status, String(demotion.status === 'rejected' && demotion.reason)).toBe('fulfilled');
        expect(await roleOf(checker.id ?? '')).toBe('user');
        const row = await t.container.approvals.get(approval.id);
        if (decision.status === 'rejected') {
          refused += 1;
          expect(decision.reason).toMatchObject({ code: 'CONFLICT', message: NOT_ADMIN_TO_APPROVE });
          expect(row.status).toBe('pending');
          expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(0);
          continue;
        }
        approved += 1;
        expect(row).toMatchObject({ status: 'approved', decidedBy: checker.id });
        expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(100_000);
        // ids are made in order in this one process: the approval was recorded before the demotion took the
        // checker's row, that is while the checker was still an admin
        const records = await t.container.db
          .select({ id: auditLog.id, action: auditLog.action })
          .from(auditLog)
          .where(
            and(
              inArray(auditLog.action, ['approval.approve', 'user.demote']),
              inArray(auditLog.targetId, [approval.id, checker.id ?? '']),
            ),
          )
          .orderBy(desc(auditLog.id));
        expect(records.map((record) => record.action)).toEqual(['user.demote', 'approval.approve']);
      }
      expect(approved + refused).toBe(TRIES);
    });
  });
}
