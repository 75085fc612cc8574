import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { AdminPriceService, PricePreview, SavePriceResponse } from '@quickvend/shared/api/admin-prices';
import type { Purchase, Service, Variation } from '@quickvend/shared/api/purchases';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

// the sandbox provider's plan and our default data commission (2%): cost ₦269.50
const PLAN = 'mtn-1gb-275';
const PLAN_FACE = 27_500;
const PLAN_COST = 26_950;
const SANDBOX_PHONE = '08011111111';

async function adminOf(t: TestApp): Promise<{ client: TestClient; userId: string }> {
  const admin = await signUp(t.app);
  await t.container.auth.setRole(admin.userId, 'admin');
  return admin;
}

const variationsOf = async (client: TestClient, serviceId: string) =>
  (await client.get(`/api/v1/services/${serviceId}/variations`)).json<{ variations: Variation[] }>()
    .variations;

const serviceOf = async (client: TestClient, serviceId: string) =>
  (await client.get('/api/v1/services'))
    .json<{ services: Service[] }>()
    .services.find((service) => service.id === serviceId);

type Waiting = Extract<SavePriceResponse, { status: 'awaiting_approval' }>;

/** A save sent to a second admin: 202, the price unchanged until then. */
function waitingOf(response: LightMyRequestResponse): Waiting {
  expect(response.statusCode, response.body).toBe(202);
  const body = response.json<SavePriceResponse>();
  if (body.status !== 'awaiting_approval') throw new Error(`applied at once: ${response.body}`);
  return body;
}

const approve = (client: TestClient, approvalId: string) =>
  client.post(`/api/v1/admin/approvals/${approvalId}/approve`, {});

describeEachDatabase('prices and margins', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: string;
  let checker: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ client: admin, userId: adminId } = await adminOf(t));
    ({ client: checker } = await adminOf(t));
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const listed = async (serviceId: string) => {
    const response = await admin.get('/api/v1/admin/prices');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ services: AdminPriceService[] }>().services.find((s) => s.id === serviceId);
  };
  const save = (body: Record<string, unknown>) => admin.put('/api/v1/admin/prices', body);

  it('lists every service and plan with face value, cost, each channel’s rule, price and margin', async () => {
    const dstv = await listed('dstv');
    expect(dstv).toMatchObject({ commissionBps: 150, commissionSource: 'default', defaultBps: -100 });
    // the spec's 1% off, seeded for both channels
    expect(dstv?.service.web).toMatchObject({
      rule: { mode: 'bps', bps: -100, allowLoss: false },
      priceKobo: 99_000,
      source: 'service',
    });
    const compact = dstv?.variations.find((v) => v.code === 'dstv79');
    expect(compact).toMatchObject({
      faceKobo: 1_900_000,
      costKobo: 1_871_500,
      web: { rule: null, priceKobo: 1_881_000, marginKobo: 9_500, source: 'service', isRuleStale: false },
      api: { rule: null, priceKobo: 1_881_000, source: 'service' },
    });
    const data = await listed('mtn-data');
    expect(data?.service.web).toMatchObject({ rule: null, source: 'face', priceKobo: 100_000 });
    expect(data?.variations.find((v) => v.code === PLAN)).toMatchObject({
      faceKobo: PLAN_FACE,
      costKobo: PLAN_COST,
      web: { priceKobo: PLAN_FACE, marginKobo: PLAN_FACE - PLAN_COST },
    });
    // meter types have no face value of their own: nothing to price per plan
    expect((await listed('ikeja-electric'))?.variations).toEqual([]);
  });

  it('previews a rule: face value, cost, selling price and margin, and why it could not be saved', async () => {
    const preview = await admin.post('/api/v1/admin/prices/preview', {
      serviceId: 'mtn-data',
      variationCode: PLAN,
      channel: 'web',
      mode: 'fixed',
      fixedPrice: '260',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<PricePreview>()).toEqual({
      commissionBps: 200,
      rows: [
        {
          code: PLAN,
          name: 'MTN Data 1GB - 30 Days',
          faceKobo: PLAN_FACE,
          costKobo: PLAN_COST,
          priceKobo: 26_000,
          marginKobo: -950,
          isBelowCost: true,
          lossKobo: 950,
        },
      ],
      problem: 'This sells at ₦260.00, below our cost of ₦269.50. Tick "Sell at a loss" to save it anyway.',
      isApprovalNeeded: true,
    });
    const serviceWide = (
      await admin.post('/api/v1/admin/prices/preview', {
        serviceId: 'mtn-data',
        channel: 'api',
        mode: 'bps',
        bps: 100,
      })
    ).json<PricePreview>();
    expect(serviceWide.problem).toBeNull();
    expect(serviceWide.isApprovalNeeded).toBe(false);
    expect(serviceWide.rows[0]).toMatchObject({
      code: '',
      faceKobo: 100_000,
      priceKobo: 101_000,
      marginKobo: 3_000,
      lossKobo: null,
    });
    expect(serviceWide.rows.find((row) => row.code === PLAN)).toMatchObject({ priceKobo: 27_775 });
  });

  it('refuses a rule below cost without the loss flag, on the server, and saves it with the flag', async () => {
    const loss = {
      serviceId: 'mtn-data',
      variationCode: PLAN,
      channel: 'web',
      mode: 'fixed',
      fixedPrice: '260',
    };
    const refused = await save(loss);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This sells at ₦260.00, below our cost of ₦269.50. Tick "Sell at a loss" to save it anyway.',
    });
    const deep = await save({ serviceId: 'glo-data', channel: 'web', mode: 'bps', bps: -201 });
    expect(errorOf(deep).message).toContain('below our cost');
    expect((await variationsOf(admin, 'mtn-data')).find((v) => v.code === PLAN)?.priceKobo).toBe(PLAN_FACE);

    const asked = waitingOf(await save({ ...loss, allowLoss: true, reason: 'launch promotion' }));
    expect(asked.message).toBe("Sent for a second admin's approval: the price stays ₦275.00 until then.");
    expect((await approve(checker, asked.approvalId)).statusCode).toBe(200);
    expect((await variationsOf(admin, 'mtn-data')).find((v) => v.code === PLAN)?.priceKobo).toBe(26_000);
    expect((await listed('mtn-data'))?.variations.find((v) => v.code === PLAN)?.web).toMatchObject({
      rule: { mode: 'fixed', fixedPriceKobo: 26_000, allowLoss: true },
      marginKobo: -950,
      pendingChange: null,
    });
    expect(
      (await admin.delete(`/api/v1/admin/prices?serviceId=mtn-data&variationCode=${PLAN}&channel=web`))
        .statusCode,
    ).toBe(200);
  });

  it('a rule reaches the services list and the charged amount: web and partner prices differ', async () => {
    const fixed = waitingOf(
      await save({
        serviceId: 'mtn-data',
        variationCode: PLAN,
        channel: 'web',
        mode: 'fixed',
        fixedPrice: '280',
      }),
    );
    expect((await approve(checker, fixed.approvalId)).statusCode).toBe(200);
    expect((await save({ serviceId: 'mtn-data', channel: 'api', mode: 'bps', bps: 100 })).statusCode).toBe(
      200,
    );
    expect((await save({ serviceId: 'mtn', channel: 'api', mode: 'bps', bps: 200 })).statusCode).toBe(200);

    const customer = await fundedCustomer(t, 5_000);
    const plans = await variationsOf(customer.client, 'mtn-data');
    expect(plans.find((v) => v.code === PLAN)).toMatchObject({
      amountKobo: PLAN_FACE,
      priceKobo: 28_000,
      price: '280.00',
      apiPriceKobo: 27_775,
      apiPrice: '277.75',
    });
    expect(plans.find((v) => v.code === 'mtn-2gb-550')).toMatchObject({
      priceKobo: 55_000,
      apiPriceKobo: 55_550,
    });
    expect(await serviceOf(customer.client, 'mtn')).toMatchObject({ discountBps: 0, apiDiscountBps: -200 });
    expect(await serviceOf(customer.client, 'dstv')).toMatchObject({ discountBps: 100, apiDiscountBps: 100 });

    const web = await buy(customer.client, {
      serviceId: 'mtn-data',
      phone: SANDBOX_PHONE,
      variationCode: PLAN,
    });
    expect(web.purchase).toMatchObject({ status: 'delivered', amountKobo: PLAN_FACE, chargedKobo: 28_000 });

    await turnOnPartnerAccess(customer.client);
    const created = await customer.client.post('/api/v1/api-keys', {
      name: 'Shop',
      password: customer.password,
      pin: TEST_PIN,
    });
    const { key } = created.json<{ key: string }>();
    // the plans list answers each caller with their own price: the partner rule through the key
    const keyPlans = await t.app.inject({
      method: 'GET',
      url: '/api/v1/services/mtn-data/variations',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(
      keyPlans.json<{ variations: Variation[] }>().variations.find((v) => v.code === PLAN),
    ).toMatchObject({ callerPriceKobo: 27_775, callerPrice: '277.75', priceKobo: 28_000 });
    expect((await variationsOf(customer.client, 'mtn-data')).find((v) => v.code === PLAN)).toMatchObject({
      callerPriceKobo: 28_000,
      callerPrice: '280.00',
    });
    const viaKey = async (body: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/purchases',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { requestId: randomUUID(), ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ purchase: Purchase }>().purchase;
    };
    expect(await viaKey({ serviceId: 'mtn-data', phone: SANDBOX_PHONE, variationCode: PLAN })).toMatchObject({
      status: 'delivered',
      chargedKobo: 27_775,
    });
    expect(await viaKey({ serviceId: 'mtn', phone: SANDBOX_PHONE, amount: '150' })).toMatchObject({
      amountKobo: 15_000,
      chargedKobo: 15_300,
    });
    const webAirtime = await buy(customer.client, { serviceId: 'mtn', phone: SANDBOX_PHONE, amount: '150' });
    expect(webAirtime.purchase).toMatchObject({ chargedKobo: 15_000 });
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(
      500_000 - 28_000 - 27_775 - 15_300 - 15_000,
    );
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('records every save and reset in the audit log with before and after, and resets to the default', async () => {
    const target = { serviceId: 'gotv', channel: 'web' } as const;
    expect((await save({ ...target, mode: 'bps', bps: 50, reason: 'margin review' })).statusCode).toBe(200);
    expect(await serviceOf(admin, 'gotv')).toMatchObject({ discountBps: -50, apiDiscountBps: 100 });
    const reset = await admin.delete('/api/v1/admin/prices?serviceId=gotv&channel=web');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ service: AdminPriceService }>().service.service.web.rule).toMatchObject({
      bps: -100,
    });
    expect(await serviceOf(admin, 'gotv')).toMatchObject({ discountBps: 100 });
    // already the default: nothing changes, nothing is recorded
    expect((await admin.delete('/api/v1/admin/prices?serviceId=gotv&channel=web')).statusCode).toBe(200);

    const records = await t.container.audit.list({ targetType: 'price_rule', targetId: 'gotv:*:web' });
    expect(records.map((r) => [r.action, r.actorId, r.before, r.after, r.reason])).toEqual([
      [
        'price.reset',
        adminId,
        { mode: 'bps', bps: 50, allowLoss: false },
        { mode: 'bps', bps: -100, allowLoss: false },
        null,
      ],
      [
        'price.save',
        adminId,
        { mode: 'bps', bps: -100, allowLoss: false },
        { mode: 'bps', bps: 50, allowLoss: false },
        'margin review',
      ],
    ]);

    // a plan's rule reset is removed: the service's applies again
    const plan = { serviceId: 'gotv', variationCode: 'gotv-max', channel: 'api' };
    const fixed = waitingOf(await save({ ...plan, mode: 'fixed', fixedPrice: '8450' }));
    expect((await approve(checker, fixed.approvalId)).statusCode).toBe(200);
    expect((await variationsOf(admin, 'gotv')).find((v) => v.code === 'gotv-max')?.apiPriceKobo).toBe(
      845_000,
    );
    expect(
      (await admin.delete('/api/v1/admin/prices?serviceId=gotv&variationCode=gotv-max&channel=api'))
        .statusCode,
    ).toBe(200);
    expect((await variationsOf(admin, 'gotv')).find((v) => v.code === 'gotv-max')?.apiPriceKobo).toBe(
      841_500,
    );
    const planRecords = await t.container.audit.list({ targetId: 'gotv:gotv-max:api' });
    expect(planRecords.map((r) => [r.action, r.after])).toEqual([
      ['price.reset', null],
      ['price.save', { mode: 'fixed', fixedPriceKobo: 845_000, allowLoss: false }],
    ]);
  });

  it('keeps prices to admins', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/v1/admin/prices')).statusCode).toBe(403);
    expect(
      (await client.put('/api/v1/admin/prices', { serviceId: 'mtn', channel: 'web', mode: 'bps', bps: 0 }))
        .statusCode,
    ).toBe(403);
  });
});
