import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AdminSetting,
  ApprovalRequest,
  SettingChangeResponse,
  SettingsResponse,
  WalletAdjustmentResponse,
} from '@quickvend/shared/api/admin-money';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type { MetaResponse } from '@quickvend/shared/api/meta';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import { kobo } from '@quickvend/shared/money';
import { systemClock } from '../../../src/lib/clock.ts';
import { createFloatMonitor } from '../../../src/modules/admin/index.ts';
import { createSettings } from '../../../src/modules/settings/index.ts';
import { createTestApp, errorOf, signUp, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { confirmEmail } from '../../helpers/email.ts';

type Admin = { client: TestClient; userId: string; email: string };

describeEachDatabase('money settings under four eyes', (kind) => {
  let t: TestApp;
  let ada: Admin;
  let bola: Admin;

  const newAdmin = async (name: string): Promise<Admin> => {
    const admin = await signUp(t.app, { name });
    await t.container.auth.setRole(admin.userId, 'admin');
    return admin;
  };
  const ask = (admin: Admin, key: string, amount: string, reason = 'Raised after the audit review') =>
    admin.client.put(`/api/v1/admin/settings/${key}`, { amount, reason });
  const asked = async (admin: Admin, key: string, amount: string) => {
    const response = await ask(admin, key, amount);
    expect(response.statusCode, response.body).toBe(202);
    return response.json<SettingChangeResponse>();
  };
  const approve = (admin: Admin, id: string) =>
    admin.client.post(`/api/v1/admin/approvals/${id}/approve`, {});
  const settingsAs = async (admin: Admin) => {
    const response = await admin.client.get('/api/v1/admin/settings');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SettingsResponse>().settings;
  };
  const settingOf = async (admin: Admin, key: string): Promise<AdminSetting> => {
    const found = (await settingsAs(admin)).find((setting) => setting.key === key);
    if (!found) throw new Error(`no setting ${key}`);
    return found;
  };
  /** a change another admin asks for and a second approves, as the back office does */
  const change = async (key: string, amount: string) => {
    const { approval } = await asked(ada, key, amount);
    const approved = await approve(bola, approval.id);
    expect(approved.statusCode, approved.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ada = await newAdmin('Ada Admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a value outside its bounds outright, naming the bound in naira', async () => {
    const cases: [string, string, string][] = [
      [
        'approvals.thresholdKobo',
        '100,000,000',
        'The amount above which a second admin is needed must be between ₦0.00 and ₦1,000,000.00.',
      ],
      [
        'approvals.dailyLimitKobo',
        '5,000,000.01',
        "One admin's limit in 24 hours must be between ₦0.00 and ₦5,000,000.00.",
      ],
      [
        'float.lowBalanceKobo',
        '100,000,001',
        'The float warning level must be between ₦0.00 and ₦100,000,000.00.',
      ],
      ['referrals.rewardKobo', '10,000,000', 'The referral reward must be between ₦0.00 and ₦5,000.00.'],
      [
        'funding.manualChargeKobo',
        '1,000.01',
        'The manual deposit charge must be between ₦0.00 and ₦1,000.00.',
      ],
      ['funding.minimumKobo', '0.99', 'The smallest funding must be between ₦1.00 and ₦100,000.00.'],
    ];
    for (const [key, amount, message] of cases) {
      const refused = await ask(ada, key, amount);
      expect(refused.statusCode, `${key} ${amount}`).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        details: { fields: { amount: message } },
      });
    }
    expect(errorOf(await ask(ada, 'approvals.thresholdKobo', 'ten')).code).toBe('VALIDATION_FAILED');
    expect(errorOf(await ask(ada, 'approvals.thresholdKobo', '10', '')).code).toBe('VALIDATION_FAILED');
    expect((await ask(ada, 'approvals.anything', '10')).statusCode).toBe(400);
    expect(await t.container.approvals.list({ status: 'pending', kind: 'setting.change' })).toEqual([]);
    expect((await settingOf(ada, 'approvals.thresholdKobo')).valueKobo).toBe(5_000_000);
  });

  it('with one admin on the books, a change (even to ₦0) waits and nothing changes', async () => {
    const zero = await asked(ada, 'approvals.thresholdKobo', '0');
    expect(zero).toMatchObject({
      status: 'awaiting_approval',
      approval: {
        kind: 'setting.change',
        targetId: 'approvals.thresholdKobo',
        status: 'pending',
        payload: { key: 'approvals.thresholdKobo', valueKobo: 0, beforeKobo: 5_000_000 },
        subject: { label: 'Money settings', href: '/admin/settings' },
        requestedBy: { id: ada.userId, name: 'Ada Admin' },
        isMine: true,
      },
      setting: { key: 'approvals.thresholdKobo', valueKobo: 5_000_000, pending: { valueKobo: 0 } },
    });
    expect(await t.container.settings.get('approvals.thresholdKobo')).toBe(5_000_000);
    const own = await approve(ada, zero.approval.id);
    expect(own.statusCode).toBe(403);
    expect(await t.container.settings.get('approvals.thresholdKobo')).toBe(5_000_000);
    const withdrawn = await ada.client.post(`/api/v1/admin/approvals/${zero.approval.id}/cancel`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await settingOf(ada, 'approvals.thresholdKobo')).pending).toBeNull();
  });

  it('raises the threshold only when a second admin approves, audited and logged at warn', async () => {
    bola = await newAdmin('Bola Admin');
    const raise = await asked(ada, 'approvals.thresholdKobo', '80,000');
    expect(raise.setting).toMatchObject({
      valueKobo: 5_000_000,
      minKobo: 0,
      maxKobo: 100_000_000,
      pending: { valueKobo: 8_000_000, value: '80000.00', approval: { id: raise.approval.id } },
    });

    // a second change while one waits is refused, whoever asks
    const second = await ask(bola, 'approvals.thresholdKobo', '70,000');
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      code: 'CONFLICT',
      message:
        'A change to this setting is already waiting for a second admin: approve, reject or withdraw it first.',
    });

    // until it is approved, the old threshold holds: ₦60,000 still waits for a second admin
    const customer = await signUp(t.app, { name: 'Kemi Ade' });
    const credit = await ada.client.post(`/api/v1/admin/users/${customer.userId}/adjustments`, {
      direction: 'credit',
      amount: '60,000',
      reason: 'Transfer without a reference',
    });
    expect(credit.json<WalletAdjustmentResponse>().status).toBe('awaiting_approval');
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(0);

    const seenByBola = await settingOf(bola, 'approvals.thresholdKobo');
    expect(seenByBola.pending?.approval).toMatchObject({ isMine: false, requestedBy: { name: 'Ada Admin' } });
    expect((await approve(ada, raise.approval.id)).statusCode).toBe(403);
    expect(await t.container.settings.get('approvals.thresholdKobo')).toBe(5_000_000);

    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const approved = await approve(bola, raise.approval.id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<{ approval: ApprovalRequest }>().approval).toMatchObject({
        status: 'approved',
        result: { key: 'approvals.thresholdKobo', beforeKobo: 5_000_000, valueKobo: 8_000_000 },
      });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({
          key: 'approvals.thresholdKobo',
          beforeKobo: 5_000_000,
          afterKobo: 8_000_000,
          askedBy: ada.userId,
          approvedBy: bola.userId,
        }),
        'money setting changed',
      );
    } finally {
      warn.mockRestore();
    }
    expect(await t.container.settings.get('approvals.thresholdKobo')).toBe(8_000_000);
    expect(await settingOf(ada, 'approvals.thresholdKobo')).toMatchObject({
      valueKobo: 8_000_000,
      updatedBy: { id: ada.userId, name: 'Ada Admin' },
      approvedBy: { id: bola.userId, name: 'Bola Admin' },
      pending: null,
    });
    const [record] = await t.container.audit.list({ action: 'setting.change' });
    expect(record).toMatchObject({
      actorId: bola.userId,
      targetId: 'approvals.thresholdKobo',
      reason: 'Raised after the audit review',
      before: { valueKobo: 5_000_000, value: '₦50,000.00' },
      after: {
        valueKobo: 8_000_000,
        value: '₦80,000.00',
        askedBy: ada.userId,
        approvalId: raise.approval.id,
      },
    });
    const again = await approve(bola, raise.approval.id);
    expect(again.statusCode).toBe(409);

    // the next credit follows the new threshold
    const followed = await bola.client.post(`/api/v1/admin/users/${customer.userId}/adjustments`, {
      direction: 'credit',
      amount: '70,000',
      reason: 'Goodwill credit',
    });
    expect(followed.json<WalletAdjustmentResponse>().status).toBe('applied');
    await change('approvals.thresholdKobo', '50,000');
  });

  it('bounds the referral reward, and a first funding pays the reward a second admin approved', async () => {
    expect(errorOf(await ask(ada, 'referrals.rewardKobo', '10,000,000')).code).toBe('VALIDATION_FAILED');
    const reward = await asked(ada, 'referrals.rewardKobo', '1,000');
    expect(await t.container.settings.get('referrals.rewardKobo')).toBe(5_000);
    expect((await approve(bola, reward.approval.id)).statusCode).toBe(200);

    const join = async (name: string, ref?: string) => {
      const client = new TestClient(t.app);
      const email = uniqueEmail();
      const response = await client.post('/api/v1/auth/sign-up', {
        name,
        email,
        password: 'correct horse battery',
        ...(ref !== undefined && { ref }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return { client, email, userId: response.json<{ user: { id: string } }>().user.id };
    };
    const referrer = await join('Ada Obi');
    const { code } = (await referrer.client.get('/api/v1/referrals')).json<ReferralsResponse>();
    const friend = await join('Musa Danjuma', code);
    const { checkout, payment } = await startCardPayment(friend.client, friend.email, '2,000');
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const confirmed = await friend.client.post('/api/v1/funding/card/confirm', {
      reference: payment.reference,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await t.container.ledger.getWalletBalance(referrer.userId)).toBe(100_000);
    await change('referrals.rewardKobo', '50');
  });

  it('reads the manual deposit charge and the smallest funding from the settings once changed', async () => {
    const customer = await signUp(t.app, { name: 'Ngozi Eze' });
    await confirmEmail(customer.client);
    const deposit = (amount: string) =>
      customer.client.post('/api/v1/funding/manual', {
        depositorName: 'Ngozi Eze',
        bankName: 'GTBank',
        amount,
      });
    const before = await deposit('1,000');
    expect(before.json<{ request: ManualFundingRequest }>().request).toMatchObject({
      chargeKobo: 5_000,
      creditKobo: 95_000,
    });

    await change('funding.manualChargeKobo', '150');
    await change('funding.minimumKobo', '500');
    const meta = (await t.app.inject({ url: '/api/v1/meta' })).json<MetaResponse>();
    expect(meta).toMatchObject({ minFundingKobo: 50_000, manualChargeKobo: 15_000 });

    const small = await deposit('400');
    expect(errorOf(small)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The minimum amount is ₦500.00.',
    });
    const card = await customer.client.post('/api/v1/funding/card', {
      email: customer.email,
      amount: '499.99',
    });
    expect(errorOf(card)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The minimum amount is ₦500.00.',
    });
    const after = await deposit('1,000');
    expect(after.json<{ request: ManualFundingRequest }>().request).toMatchObject({
      chargeKobo: 15_000,
      creditKobo: 85_000,
    });

    await change('funding.manualChargeKobo', '1,000');
    await change('funding.minimumKobo', '1');
    expect(errorOf(await deposit('1,000'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The amount must be more than the NGN 1000 charge.',
    });
    await change('funding.manualChargeKobo', '50');
    await change('funding.minimumKobo', '100');
    expect(errorOf(await deposit('50'))).toMatchObject({
      message: 'The minimum amount is ₦100.00.',
    });
  });

  it('lists every setting with its bounds, who set it and its pending change, as each admin reads it', async () => {
    const waiting = await asked(ada, 'float.lowBalanceKobo', '250,000');
    const forAda = await settingsAs(ada);
    expect(forAda.map((setting) => [setting.key, setting.minKobo, setting.maxKobo])).toEqual([
      ['approvals.thresholdKobo', 0, 100_000_000],
      ['approvals.dailyLimitKobo', 0, 500_000_000],
      ['float.lowBalanceKobo', 0, 10_000_000_000],
      ['referrals.rewardKobo', 0, 500_000],
      ['funding.manualChargeKobo', 0, 100_000],
      ['funding.minimumKobo', 100, 10_000_000],
    ]);
    expect(forAda.find((setting) => setting.key === 'approvals.dailyLimitKobo')).toEqual({
      key: 'approvals.dailyLimitKobo',
      valueKobo: 20_000_000,
      value: '200000.00',
      minKobo: 0,
      maxKobo: 500_000_000,
      updatedAt: null,
      updatedBy: null,
      approvedBy: null,
      pending: null,
    });
    expect(forAda.find((setting) => setting.key === 'float.lowBalanceKobo')?.pending).toMatchObject({
      valueKobo: 25_000_000,
      value: '250000.00',
      approval: { id: waiting.approval.id, isMine: true, reason: 'Raised after the audit review' },
    });
    const rejected = await bola.client.post(`/api/v1/admin/approvals/${waiting.approval.id}/reject`, {
      note: 'The float is topped up daily',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await settingOf(bola, 'float.lowBalanceKobo')).toMatchObject({
      valueKobo: 10_000_000,
      pending: null,
    });
  });

  it('answers two admins asking at once with one request and one refusal', async () => {
    const carla = await newAdmin('Carla Admin');
    const answers = await Promise.all([
      ask(ada, 'approvals.dailyLimitKobo', '300,000'),
      ask(carla, 'approvals.dailyLimitKobo', '400,000'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    expect(
      await t.container.approvals.list({ status: 'pending', targetId: 'approvals.dailyLimitKobo' }),
    ).toHaveLength(1);
  });
});

describe('the float monitor', () => {
  it('logs a reading below the warning level at warn', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const warn = vi.fn();
      const log = pino({ level: 'silent' });
      log.warn = warn;
      const monitor = createFloatMonitor({
        db: database.db,
        provider: { balance: () => Promise.resolve(kobo(4_000_000)) },
        settings: createSettings(database.db),
        clock: systemClock,
        liabilities: () => Promise.resolve(kobo(0)),
        adminEmails: () => Promise.resolve([]),
        sendMail: () => Promise.resolve(),
        log,
      });
      await monitor.check();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ balanceKobo: 4_000_000, thresholdKobo: 10_000_000, balance: '₦40,000.00' }),
        'provider float below the warning level',
      );
    } finally {
      await database.close();
    }
  });
});
