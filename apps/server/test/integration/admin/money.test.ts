import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  AdminSetting,
  ApprovalRequest,
  ApproveManualDepositResponse,
  WalletAdjustmentResponse,
} from '@quickvend/shared/api/admin-money';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import {
  createTestApp,
  errorOf,
  signUp,
  TEST_APP_URL,
  type TestApp,
  type TestClient,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail } from '../../helpers/email.ts';

type Admin = { client: TestClient; userId: string; email: string };

describeEachDatabase(
  'money from the back office: adjustments, approvals, manual deposits, thresholds',
  (kind) => {
    let t: TestApp;
    let ada: Admin;
    let bola: Admin;

    const newAdmin = async (name: string): Promise<Admin> => {
      const admin = await signUp(t.app, { name });
      await t.container.auth.setRole(admin.userId, 'admin');
      return admin;
    };
    const adjust = (admin: Admin, userId: string, body: Record<string, unknown>) =>
      admin.client.post(`/api/v1/admin/users/${userId}/adjustments`, body);
    const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
    const approvals = async (admin: Admin, query = '') => {
      const response = await admin.client.get(`/api/v1/admin/approvals${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ approvals: ApprovalRequest[] }>().approvals;
    };
    const putSetting = (admin: Admin, key: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/settings/${key}`,
        headers: {
          'content-type': 'application/json',
          origin: TEST_APP_URL,
          'sec-fetch-site': 'same-origin',
          cookie: admin.client.cookieHeader,
        },
        payload: JSON.stringify(body),
      });

    beforeAll(async () => {
      t = await createTestApp(kind);
      ada = await newAdmin('Ada Admin');
      bola = await newAdmin('Bola Admin');
    });
    afterAll(async () => {
      await t.close();
    });

    it('credits up to the threshold at once, with an audit record', async () => {
      const customer = await signUp(t.app, { name: 'Kemi Ade' });
      const response = await adjust(ada, customer.userId, {
        direction: 'credit',
        amount: '50,000',
        reason: 'Refund for a failed DStv renewal',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<WalletAdjustmentResponse>()).toMatchObject({
        status: 'applied',
        adjustment: {
          direction: 'credit',
          amountKobo: 5_000_000,
          balanceBeforeKobo: 0,
          balanceAfterKobo: 5_000_000,
          balanceAfter: '50000.00',
        },
      });
      expect(await balanceOf(customer.userId)).toBe(5_000_000);
      const [record] = await t.container.audit.list({ targetId: customer.userId, action: 'wallet.credit' });
      expect(record).toMatchObject({
        actorId: ada.userId,
        actorLabel: ada.email,
        reason: 'Refund for a failed DStv renewal',
        before: { balanceKobo: 0 },
        after: { balanceKobo: 5_000_000, amountKobo: 5_000_000 },
      });

      // another admin: Ada's ₦50,000 to this customer already fills her own limit for the day
      const debit = await adjust(bola, customer.userId, {
        direction: 'debit',
        amount: '1500.50',
        reason: 'Duplicate refund',
      });
      expect(debit.json<WalletAdjustmentResponse>()).toMatchObject({
        status: 'applied',
        adjustment: { balanceAfterKobo: 4_849_950 },
      });
      expect(
        await t.container.audit.list({ targetId: customer.userId, action: 'wallet.debit' }),
      ).toHaveLength(1);
    });

    it('sends a credit above the threshold to a second admin, who alone can approve it', async () => {
      const customer = await signUp(t.app, { name: 'Tunde Bakare' });
      const asked = await adjust(ada, customer.userId, {
        direction: 'credit',
        amount: '60000',
        reason: 'Transfer that reached our account without a reference',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const outcome = asked.json<WalletAdjustmentResponse>();
      if (outcome.status !== 'awaiting_approval') throw new Error(`applied at once: ${asked.body}`);
      expect(outcome.approval).toMatchObject({
        kind: 'wallet.adjustment',
        status: 'pending',
        amountKobo: 6_000_000,
        amount: '60000.00',
        payload: { direction: 'credit', userId: customer.userId },
        customer: { id: customer.userId, name: 'Tunde Bakare', email: customer.email },
        requestedBy: { id: ada.userId, name: 'Ada Admin', email: ada.email },
        isMine: true,
      });
      expect(await balanceOf(customer.userId)).toBe(0);

      const pendingForBola = await approvals(bola);
      expect(pendingForBola.find((approval) => approval.id === outcome.approval.id)).toMatchObject({
        isMine: false,
      });

      const own = await ada.client.post(`/api/v1/admin/approvals/${outcome.approval.id}/approve`, {});
      expect(own.statusCode).toBe(403);
      expect(errorOf(own)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'A second admin must decide this: you cannot approve or reject your own request.',
      });
      expect(await balanceOf(customer.userId)).toBe(0);

      const approved = await bola.client.post(`/api/v1/admin/approvals/${outcome.approval.id}/approve`, {
        note: 'Matches the bank statement',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<{ approval: ApprovalRequest }>().approval).toMatchObject({
        status: 'approved',
        decidedBy: { id: bola.userId, name: 'Bola Admin' },
        decisionNote: 'Matches the bank statement',
        result: { balanceAfterKobo: 6_000_000 },
      });
      expect(await balanceOf(customer.userId)).toBe(6_000_000);

      const again = await bola.client.post(`/api/v1/admin/approvals/${outcome.approval.id}/approve`, {});
      expect(again.statusCode).toBe(409);
      expect(await balanceOf(customer.userId)).toBe(6_000_000);
      const decided = await approvals(ada, `?status=decided&targetId=${customer.userId}`);
      expect(decided.map((approval) => approval.id)).toEqual([outcome.approval.id]);
      expect(await approvals(ada, `?targetId=${customer.userId}`)).toEqual([]);
    });

    it('rejects with a note, cancels only its own, and never overdraws', async () => {
      const customer = await signUp(t.app);
      await adjust(ada, customer.userId, { direction: 'credit', amount: '20000', reason: 'Goodwill credit' });

      const overdraw = await adjust(ada, customer.userId, {
        direction: 'debit',
        amount: '20000.01',
        reason: 'Chargeback',
      });
      expect(overdraw.statusCode).toBe(402);
      expect(errorOf(overdraw)).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        message:
          'This debit of ₦20,000.01 is more than the wallet holds (₦20,000.00). A debit never takes a wallet below zero.',
      });
      expect(await balanceOf(customer.userId)).toBe(2_000_000);

      const ask = async () => {
        const response = await adjust(ada, customer.userId, {
          direction: 'credit',
          amount: '75000',
          reason: 'Bulk refund',
        });
        const outcome = response.json<WalletAdjustmentResponse>();
        if (outcome.status !== 'awaiting_approval') throw new Error('applied at once');
        return outcome.approval.id;
      };
      const first = await ask();
      const noNote = await bola.client.post(`/api/v1/admin/approvals/${first}/reject`, { note: '' });
      expect(errorOf(noNote)).toMatchObject({ code: 'VALIDATION_FAILED' });
      const rejected = await bola.client.post(`/api/v1/admin/approvals/${first}/reject`, {
        note: 'No ticket explains this',
      });
      expect(rejected.json<{ approval: ApprovalRequest }>().approval).toMatchObject({
        status: 'rejected',
        decisionNote: 'No ticket explains this',
      });

      const second = await ask();
      const notTheirs = await bola.client.post(`/api/v1/admin/approvals/${second}/cancel`, {});
      expect(errorOf(notTheirs)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the admin who asked can cancel this request.',
      });
      const cancelled = await ada.client.post(`/api/v1/admin/approvals/${second}/cancel`, {});
      expect(cancelled.json<{ approval: ApprovalRequest }>().approval).toMatchObject({ status: 'cancelled' });
      expect(await balanceOf(customer.userId)).toBe(2_000_000);
    });

    it('refuses bad input with a clear message and moves nothing', async () => {
      const customer = await signUp(t.app);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ direction: 'credit', amount: 'lots', reason: 'Goodwill' }, 400, 'VALIDATION_FAILED'],
        [{ direction: 'credit', amount: '0', reason: 'Goodwill' }, 400, 'VALIDATION_FAILED'],
        [{ direction: 'credit', amount: '-5', reason: 'Goodwill' }, 400, 'VALIDATION_FAILED'],
        [{ direction: 'credit', amount: '10.001', reason: 'Goodwill' }, 400, 'VALIDATION_FAILED'],
        [{ direction: 'credit', amount: '100' }, 400, 'VALIDATION_FAILED'],
        [{ direction: 'sideways', amount: '100', reason: 'Goodwill' }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [body, status, code] of cases) {
        const response = await adjust(ada, customer.userId, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(errorOf(response).code).toBe(code);
      }
      const unknown = await adjust(ada, 'usr_nobody', {
        direction: 'credit',
        amount: '100',
        reason: 'Goodwill',
      });
      expect(errorOf(unknown)).toMatchObject({ code: 'NOT_FOUND', message: 'We could not find that user.' });
      const gone = await signUp(t.app);
      const deleted = await ada.client.post(`/api/v1/admin/users/${gone.userId}/delete`, {
        reason: 'Asked to leave',
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const toDeleted = await adjust(ada, gone.userId, {
        direction: 'credit',
        amount: '100',
        reason: 'Goodwill',
      });
      expect(errorOf(toDeleted)).toMatchObject({
        code: 'CONFLICT',
        message: 'This account was deleted: its wallet can no longer change.',
      });
      expect(await balanceOf(gone.userId)).toBe(0);
      expect(await balanceOf(customer.userId)).toBe(0);
      expect(await t.container.audit.list({ targetId: customer.userId })).toEqual([]);
    });

    it('shows the threshold, changes it when a second admin approves, audited, and the next adjustment follows it', async () => {
      const listed = (await ada.client.get('/api/v1/admin/settings')).json<{ settings: AdminSetting[] }>();
      expect(listed.settings.map((setting) => [setting.key, setting.valueKobo, setting.value])).toEqual([
        ['approvals.thresholdKobo', 5_000_000, '50000.00'],
        ['approvals.dailyLimitKobo', 20_000_000, '200000.00'],
        ['float.lowBalanceKobo', 10_000_000, '100000.00'],
        ['referrals.rewardKobo', 5_000, '50.00'],
        ['funding.manualChargeKobo', 5_000, '50.00'],
        ['funding.minimumKobo', 10_000, '100.00'],
      ]);
      expect(listed.settings[0]).toMatchObject({ updatedAt: null, updatedBy: null, pending: null });
      const bad = await putSetting(ada, 'approvals.thresholdKobo', { amount: 'ten', reason: 'Policy' });
      expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
      const unknownKey = await putSetting(ada, 'approvals.anything', { amount: '10', reason: 'Policy' });
      expect(unknownKey.statusCode).toBe(400);

      const asked = await putSetting(ada, 'approvals.thresholdKobo', { amount: '10,000', reason: 'Policy' });
      expect(asked.statusCode, asked.body).toBe(202);
      const { approval } = asked.json<{ approval: ApprovalRequest }>();
      expect(await t.container.settings.get('approvals.thresholdKobo')).toBe(5_000_000);
      const approved = await bola.client.post(`/api/v1/admin/approvals/${approval.id}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      const changed = (await ada.client.get('/api/v1/admin/settings')).json<{ settings: AdminSetting[] }>();
      expect(changed.settings[0]).toMatchObject({
        valueKobo: 1_000_000,
        updatedBy: { id: ada.userId, name: 'Ada Admin' },
        approvedBy: { id: bola.userId, name: 'Bola Admin' },
      });
      const [record] = await t.container.audit.list({ action: 'setting.change' });
      expect(record).toMatchObject({
        actorId: bola.userId,
        targetId: 'approvals.thresholdKobo',
        before: { valueKobo: 5_000_000 },
        after: { valueKobo: 1_000_000, askedBy: ada.userId },
      });

      const customer = await signUp(t.app);
      const response = await adjust(bola, customer.userId, {
        direction: 'credit',
        amount: '10000.01',
        reason: 'Goodwill credit',
      });
      expect(response.json<WalletAdjustmentResponse>().status).toBe('awaiting_approval');
      const back = await putSetting(ada, 'approvals.thresholdKobo', { amount: '50000', reason: 'Policy' });
      expect(back.statusCode).toBe(202);
      const restored = await bola.client.post(
        `/api/v1/admin/approvals/${back.json<{ approval: ApprovalRequest }>().approval.id}/approve`,
        {},
      );
      expect(restored.statusCode, restored.body).toBe(200);
    });

    it('asks a second admin for a manual deposit above the threshold, and credits it once on approval', async () => {
      const customer = await signUp(t.app, { name: 'Musa Bello' });
      await confirmEmail(customer.client);
      const deposit = await customer.client.post('/api/v1/funding/manual', {
        depositorName: 'Musa Bello',
        bankName: 'Zenith',
        amount: '60,000',
      });
      const { request } = deposit.json<{ request: ManualFundingRequest }>();

      const first = await ada.client.post(`/api/v1/admin/funding/manual/${request.id}/approve`, {});
      expect(first.statusCode, first.body).toBe(200);
      const asked = first.json<ApproveManualDepositResponse>();
      expect(asked.request.status).toBe('pending');
      expect(asked.approvalId).toMatch(/^apr_/);
      expect(await balanceOf(customer.userId)).toBe(0);
      // asking again finds the request already waiting
      const again = await ada.client.post(`/api/v1/admin/funding/manual/${request.id}/approve`, {});
      expect(again.json<ApproveManualDepositResponse>().approvalId).toBe(asked.approvalId);
      const rejectMeanwhile = await bola.client.post(`/api/v1/admin/funding/manual/${request.id}/reject`, {
        reason: 'Not in the statement',
      });
      expect(errorOf(rejectMeanwhile)).toMatchObject({
        code: 'CONFLICT',
        message:
          "This deposit is waiting for a second admin's approval: approve or reject it on the Approvals page.",
      });

      const [waiting] = await approvals(bola, `?targetId=${request.id}`);
      expect(waiting).toMatchObject({
        kind: 'manual_deposit.approve',
        amountKobo: 6_000_000,
        customer: { id: customer.userId, name: 'Musa Bello' },
        payload: { depositorName: 'Musa Bello', bankName: 'Zenith', creditKobo: 5_995_000 },
        reason: 'Manual deposit of ₦60,000.00 by Musa Bello (Zenith)',
      });
      expect(
        (await ada.client.post(`/api/v1/admin/approvals/${asked.approvalId}/approve`, {})).statusCode,
      ).toBe(403);
      const approved = await bola.client.post(`/api/v1/admin/approvals/${asked.approvalId}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await balanceOf(customer.userId)).toBe(5_995_000);
      const mine = (await customer.client.get('/api/v1/funding/manual')).json<{
        requests: ManualFundingRequest[];
      }>();
      expect(mine.requests[0]).toMatchObject({ id: request.id, status: 'approved' });
      const decided = await ada.client.post(`/api/v1/admin/funding/manual/${request.id}/approve`, {});
      expect(errorOf(decided)).toMatchObject({
        code: 'CONFLICT',
        message: 'This request has already been decided.',
      });
      expect(
        (await t.container.audit.list({ targetId: request.id })).map((r) => [r.action, r.actorId]),
      ).toEqual([['manual_deposit.approve', bola.userId]]);
      expect(await t.container.funding.verify()).toEqual([]);
    });

    it('approves and rejects deposits up to the threshold at once, audited', async () => {
      const customer = await signUp(t.app);
      await confirmEmail(customer.client);
      const ask = async (amount: string) =>
        (
          await customer.client.post('/api/v1/funding/manual', {
            depositorName: 'Ngozi Eze',
            bankName: 'GTBank',
            amount,
          })
        ).json<{ request: ManualFundingRequest }>().request;
      const small = await ask('50000');
      const approved = await ada.client.post(`/api/v1/admin/funding/manual/${small.id}/approve`, {});
      expect(approved.json<ApproveManualDepositResponse>()).toMatchObject({
        request: { status: 'approved' },
        approvalId: null,
      });
      expect(await balanceOf(customer.userId)).toBe(4_995_000);
      const other = await ask('2000');
      await ada.client.post(`/api/v1/admin/funding/manual/${other.id}/reject`, {
        reason: 'No such transfer',
      });
      const actions = [
        ...(await t.container.audit.list({ targetId: small.id })),
        ...(await t.container.audit.list({ targetId: other.id })),
      ].map((r) => [r.action, r.actorId, r.reason]);
      expect(actions).toEqual([
        ['manual_deposit.approve', ada.userId, null],
        ['manual_deposit.reject', ada.userId, 'No such transfer'],
      ]);
    });
  },
);
