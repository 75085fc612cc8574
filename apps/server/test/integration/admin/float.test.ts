import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AdminFloat } from '@quickvend/shared/api/admin-money';
import { kobo } from '@quickvend/shared/money';
import { systemClock } from '../../../src/lib/clock.ts';
import { CHECK_FLOAT_JOB, createFloatMonitor } from '../../../src/modules/admin/index.ts';
import { ProviderUnavailableError } from '../../../src/modules/purchases/index.ts';
import { createTestApp, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('provider float and its low-balance alert', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  const adminEmails: string[] = [];

  const simulator = () => {
    const vtpass = t.simulators.vtpass;
    if (!vtpass) throw new Error('this test app has no VTpass simulator');
    return vtpass;
  };
  const lowFloatMails = async () =>
    (await t.container.sandboxMailbox?.list(500))?.filter((mail) =>
      mail.subject.startsWith('VTpass float is low'),
    ) ?? [];
  const readFloat = async () => {
    const response = await admin.get('/api/v1/admin/float');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminFloat>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ['Float Admin One', 'Float Admin Two']) {
      const signedUp = await signUp(t.app, { name });
      await t.container.auth.setRole(signedUp.userId, 'admin');
      adminEmails.push(signedUp.email);
      admin = signedUp.client;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the float beside what every wallet holds, asking the provider the first time', async () => {
    const customers = [await signUp(t.app), await signUp(t.app)];
    for (const [i, customer] of customers.entries()) {
      await t.container.ledger.adjustWallet({
        userId: customer.userId,
        direction: 'credit',
        amountKobo: kobo((i + 1) * 150_000),
        reason: 'test funds',
        actor: 'test',
      });
    }
    await simulator().setFloatKobo(108_182);

    const float = await readFloat();
    expect(float).toMatchObject({
      balanceKobo: 108_182,
      balance: '1081.82',
      error: null,
      thresholdKobo: 10_000_000,
      threshold: '100000.00',
      below: true,
      liabilitiesKobo: 450_000,
      liabilities: '4500.00',
      coversLiabilities: false,
    });
    expect(float.checkedAt).not.toBeNull();
    // the first reading below the threshold is a crossing: each admin is told once
    expect((await lowFloatMails()).map((mail) => mail.to).sort()).toEqual([...adminEmails].sort());
  });

  it('mails the admins once per crossing below the threshold, not on every low reading', async () => {
    const mailsBefore = (await lowFloatMails()).length;
    const check = () => t.container.float.check();

    await simulator().setFloatKobo(9_000_000);
    expect((await check()).alertedAt).toBeNull();
    expect(await lowFloatMails()).toHaveLength(mailsBefore);

    await simulator().setFloatKobo(20_000_000);
    expect(await check()).toMatchObject({ below: false, alertedAt: null });

    await simulator().setFloatKobo(5_000_000);
    const crossed = await check();
    expect(crossed).toMatchObject({ balanceKobo: 5_000_000, below: true });
    expect(crossed.alertedAt).not.toBeNull();
    const mails = await lowFloatMails();
    expect(mails).toHaveLength(mailsBefore + adminEmails.length);
    expect(mails[0]?.text).toContain('₦50,000.00');

    await simulator().setFloatKobo(4_000_000);
    expect((await check()).alertedAt).toBeNull();
    expect(await lowFloatMails()).toHaveLength(mailsBefore + adminEmails.length);
    expect((await readFloat()).below).toBe(true);
  });

  it('follows a changed threshold, and keeps the last balance when the provider cannot be asked', async () => {
    await simulator().setFloatKobo(30_000_000);
    await t.container.float.check();
    expect((await readFloat()).below).toBe(false);
    await t.container.settings.set('float.lowBalanceKobo', 50_000_000, null);
    expect(await readFloat()).toMatchObject({ thresholdKobo: 50_000_000, below: true });
    await t.container.settings.set('float.lowBalanceKobo', 10_000_000, null);

    // the same monitor over the same database, its provider unreachable
    const unreachable = createFloatMonitor({
      db: t.container.db,
      provider: {
        balance: () => Promise.reject(new ProviderUnavailableError('VTpass GET /balance timed out')),
      },
      settings: t.container.settings,
      clock: systemClock,
      liabilities: () => t.container.ledger.sumWalletBalances(),
      adminEmails: () => Promise.resolve(adminEmails),
      sendMail: () => Promise.reject(new Error('no mail expected')),
      log: pino({ level: 'silent' }),
    });
    const failed = await unreachable.check();
    expect(failed).toMatchObject({ balanceKobo: null, error: 'VTpass GET /balance timed out' });
    expect(await readFloat()).toMatchObject({
      balanceKobo: 30_000_000,
      error: 'VTpass GET /balance timed out',
      below: false,
    });
  });

  it('is read again by its job', async () => {
    await simulator().setFloatKobo(77_700_00);
    await t.container.jobs.send(CHECK_FLOAT_JOB, {});
    await vi.waitFor(
      async () => {
        expect((await readFloat()).balanceKobo).toBe(77_700_00);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
