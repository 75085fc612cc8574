import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Dispute } from '@quickvend/shared/api/disputes';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import { kobo } from '@quickvend/shared/money';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { queryRows } from '../../../src/db/client.ts';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

/**
 * Each change below records its event in its own transaction and publishes it once that commits: one row, marked
 * published; a change refused, or rolled back, records none.
 */
describeEachDatabase('events recorded with the change they tell of', (kind) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await signUp(t.app, { name: 'Events Admin' });
    await t.container.auth.setRole(signedUp.userId, 'admin');
    admin = { id: signedUp.userId, label: signedUp.email };
  });
  afterAll(async () => {
    await t.close();
  });

  /** The events of one type about one user, each with whether it was published. */
  const eventsOf = async (type: string, userId: string) => {
    await t.container.events.drain();
    return queryRows<{ id: string; published: boolean }>(
      t.container.db,
      sql`select id, published_at is not null as published from domain_events
        where type = ${type} and payload->>'userId' = ${userId} order by occurred_at`,
    );
  };

  it('wallet.adjusted: one for a credit made, none for a debit refused', async () => {
    const { userId } = await signUp(t.app);
    const made = await t.container.adjustments.adjust(
      userId,
      { direction: 'credit', amountKobo: kobo(5_000), reason: 'goodwill' },
      admin,
    );
    if (made.status !== 'applied') throw new Error('the credit waits for approval');
    await expect(
      t.container.adjustments.adjust(
        userId,
        { direction: 'debit', amountKobo: kobo(9_000), reason: 'too much' },
        admin,
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await eventsOf('wallet.adjusted', userId)).toEqual([
      { id: `wallet.adjusted:${made.adjustmentId}`, published: true },
    ]);
  });

  it('manual-deposit.decided: one for a rejection, none for a decision refused', async () => {
    const { client, userId } = await signUp(t.app);
    await confirmEmail(client);
    const asked = await client.post('/api/v1/funding/manual', {
      depositorName: 'Musa Bello',
      bankName: 'Zenith',
      amount: '1,000',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { request } = asked.json<{ request: ManualFundingRequest }>();
    await t.container.manualDeposits.reject(request.id, admin, 'No such deposit reached us');
    await expect(t.container.manualDeposits.reject(request.id, admin, 'again')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await eventsOf('manual-deposit.decided', userId)).toEqual([
      { id: `manual-deposit.decided:${request.id}`, published: true },
    ]);
  });

  it('security.pin-changed: one for a PIN stored, none for one refused', async () => {
    const { userId } = await signUp(t.app);
    await expect(t.container.pins.setPin(userId, '1234', undefined)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await t.container.pins.setPin(userId, '4826', undefined);
    const events = await eventsOf('security.pin-changed', userId);
    expect(events).toHaveLength(1);
    expect(events[0]?.published).toBe(true);
  });

  it('security.api-key-created and -revoked: one each, none for a key refused', async () => {
    const { client, userId, email } = await signUp(t.app);
    const owner = { id: userId, email, name: 'Partner' };
    await expect(t.container.partners.issueKey(owner, { name: 'refused' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await turnOnPartnerAccess(client);
    const { apiKey } = await t.container.partners.issueKey(owner, { name: 'shop' });
    await t.container.partners.revokeKey(owner, apiKey.id, admin);
    await t.container.partners.revokeKey(owner, apiKey.id, admin);
    expect(await eventsOf('security.api-key-created', userId)).toEqual([
      { id: `security.api-key-created:${apiKey.id}`, published: true },
    ]);
    expect(await eventsOf('security.api-key-revoked', userId)).toEqual([
      { id: `security.api-key-revoked:${apiKey.id}`, published: true },
    ]);
  });

  it('dispute.closed: one for the report closed, none for a second close refused', async () => {
    const customer = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    const opened = await customer.client.post(`/api/v1/purchases/${purchase?.requestId ?? ''}/dispute`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const { dispute } = opened.json<{ dispute: Dispute }>();
    await t.container.purchases.disputes.close(dispute.id, 'It reached the line', admin);
    await expect(t.container.purchases.disputes.close(dispute.id, 'again', admin)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await eventsOf('dispute.closed', customer.userId)).toEqual([
      { id: `dispute.closed:${dispute.id}`, published: true },
    ]);
  });

  it('account.changed: one for a suspension, none for a second one rolled back', async () => {
    const { userId } = await signUp(t.app);
    await t.container.userAdmin.suspend(admin, userId, 'Chargebacks');
    await expect(t.container.userAdmin.suspend(admin, userId, 'again')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const events = await eventsOf('account.changed', userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ published: true });
    expect(events[0]?.id).toMatch(/^account\.changed:account\.suspended:/);
  });

  it('account.changed: none when the change rolls back after its event was recorded', async () => {
    const { userId } = await signUp(t.app);
    // the audit record is written after the event, in the same transaction
    const failing = vi
      .spyOn(t.container.audit, 'record')
      .mockRejectedValueOnce(new Error('the audit log is unavailable'));
    try {
      await expect(t.container.userAdmin.suspend(admin, userId, 'Chargebacks')).rejects.toThrow(
        'the audit log is unavailable',
      );
    } finally {
      failing.mockRestore();
    }
    expect(await eventsOf('account.changed', userId)).toEqual([]);
    expect((await t.container.auth.accounts.findUser(userId))?.suspendedAt).toBeNull();
  });
});
