import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '@quickvend/shared/api/admin-money';
import type { AdminPriceService, PricePreview, SavePriceResponse } from '@quickvend/shared/api/admin-prices';
import { kobo } from '@quickvend/shared/money';
import type { Service, Variation } from '@quickvend/shared/api/purchases';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { catalogVariations } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

// the sandbox provider's plan and our default data commission (2%): cost ₦269.50
const PLAN = 'mtn-1gb-275';
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

const SAY_WAITING =
  "A change to this price is already waiting for a second admin's approval. Approve, reject or withdraw it on the Approvals page first.";

describeEachDatabase('prices and margins: changes waiting for a second admin', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let checker: TestClient;
  let checkerId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ client: admin } = await adminOf(t));
    ({ client: checker, userId: checkerId } = await adminOf(t));
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

  it('a fixed ₦1 on MTN Data 10GB waits for a second admin: customers pay the old price, the maker cannot approve it, the second admin can', async () => {
    const target = { serviceId: 'mtn-data', variationCode: 'mtn-10gb-2750', channel: 'web' };
    const preview = (
      await admin.post('/api/v1/admin/prices/preview', {
        ...target,
        mode: 'fixed',
        fixedPrice: '1',
        allowLoss: true,
      })
    ).json<PricePreview>();
    expect(preview).toMatchObject({
      problem: null,
      isApprovalNeeded: true,
      rows: [{ faceKobo: 275_000, costKobo: 269_500, priceKobo: 100, lossKobo: 269_400, isBelowCost: true }],
    });

    const asked = waitingOf(
      await save({ ...target, mode: 'fixed', fixedPrice: '1', allowLoss: true, reason: 'flash sale' }),
    );
    expect(asked.message).toBe("Sent for a second admin's approval: the price stays ₦2,750.00 until then.");
    const row = (await listed('mtn-data'))?.variations.find((v) => v.code === 'mtn-10gb-2750');
    expect(row?.web).toMatchObject({
      rule: null,
      priceKobo: 275_000,
      pendingChange: {
        approvalId: asked.approvalId,
        description: '₦1.00 fixed, loss allowed',
        priceKobo: 100,
        marginKobo: -269_400,
        requestedBy: 'Ada Obi',
      },
    });
    expect(row?.api.pendingChange).toBeNull();
    // asking again while it waits, even for another price, is refused
    const again = await save({ ...target, mode: 'fixed', fixedPrice: '2', allowLoss: true });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT', message: SAY_WAITING });

    const customer = await fundedCustomer(t, 5_000);
    const before = await buy(customer.client, {
      serviceId: 'mtn-data',
      phone: SANDBOX_PHONE,
      variationCode: 'mtn-10gb-2750',
    });
    expect(before.purchase).toMatchObject({ status: 'delivered', chargedKobo: 275_000 });

    const byMaker = await approve(admin, asked.approvalId);
    expect(byMaker.statusCode).toBe(403);
    expect(
      (await variationsOf(customer.client, 'mtn-data')).find((v) => v.code === 'mtn-10gb-2750'),
    ).toMatchObject({ priceKobo: 275_000 });

    const pending = (await checker.get('/api/v1/admin/approvals')).json<{ approvals: ApprovalRequest[] }>();
    expect(pending.approvals.find((a) => a.id === asked.approvalId)).toMatchObject({
      kind: 'price.rule',
      targetId: 'mtn-data:mtn-10gb-2750:web',
      subject: { label: 'Price of MTN Data 10GB - 30 Days', href: '/admin/prices' },
      reason:
        'MTN Data 10GB - 30 Days for web customers: ₦1.00 fixed, loss allowed; loses ₦2,694.00 on each sale; flash sale',
      payload: {
        target: { serviceId: 'mtn-data', variationCode: 'mtn-10gb-2750', channel: 'web' },
        rule: { mode: 'fixed', fixedPriceKobo: 100, allowLoss: true },
        perSale: [
          { faceKobo: 275_000, costKobo: 269_500, priceKobo: 100, marginKobo: -269_400, lossKobo: 269_400 },
        ],
      },
    });

    const warn = vi.spyOn(t.app.log, 'warn');
    const approved = await approve(checker, asked.approvalId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ approvalId: asked.approvalId, lossPerSaleKobo: 269_400 }),
      'loss-making price saved: MTN Data 10GB - 30 Days loses ₦2,694.00 on each sale',
    );
    const after = await buy(customer.client, {
      serviceId: 'mtn-data',
      phone: SANDBOX_PHONE,
      variationCode: 'mtn-10gb-2750',
    });
    expect(after.purchase).toMatchObject({ status: 'delivered', amountKobo: 275_000, chargedKobo: 100 });
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(500_000 - 275_000 - 100);

    const records = await t.container.audit.list({
      targetType: 'price_rule',
      targetId: 'mtn-data:mtn-10gb-2750:web',
    });
    expect(records.map((r) => [r.action, r.actorId, r.before, r.after, r.reason])).toEqual([
      ['price.save', checkerId, null, { mode: 'fixed', fixedPriceKobo: 100, allowLoss: true }, 'flash sale'],
    ]);
    expect(
      (await listed('mtn-data'))?.variations.find((v) => v.code === 'mtn-10gb-2750')?.web.pendingChange,
    ).toBeNull();
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('a 99.99% discount on airtime for partners, loss allowed, waits for a second admin', async () => {
    const rule = { serviceId: 'mtn', channel: 'api', mode: 'bps', bps: -9_999, allowLoss: true };
    const preview = (await admin.post('/api/v1/admin/prices/preview', rule)).json<PricePreview>();
    expect(preview.isApprovalNeeded).toBe(true);
    expect(preview.rows[0]).toMatchObject({ faceKobo: 100_000, priceKobo: 10, lossKobo: 96_990 });
    const asked = waitingOf(await save(rule));
    expect(asked.message).toBe("Sent for a second admin's approval: the price stays ₦1,000.00 until then.");
    expect(asked.service.service.api.pendingChange).toMatchObject({
      description: '99.99% off, loss allowed',
      priceKobo: 10,
    });
    expect(await serviceOf(admin, 'mtn')).toMatchObject({ apiDiscountBps: 0 });
    // withdrawn by its maker, so later tests price MTN airtime as before
    expect((await admin.post(`/api/v1/admin/approvals/${asked.approvalId}/cancel`, {})).statusCode).toBe(200);
  });

  it('refuses a fixed price above three times the face value outright, naming the bound', async () => {
    const cheap = { serviceId: 'mtn-data', variationCode: 'mtn-500mb-140', channel: 'web', mode: 'fixed' };
    const bound = "A fixed price can be at most ₦420.00: three times this plan's ₦140.00.";
    const refused = await save({ ...cheap, fixedPrice: '9,999,999,999,999.99', allowLoss: true });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: bound,
      details: { fields: { fixedPrice: bound } },
    });
    const preview = await admin.post('/api/v1/admin/prices/preview', { ...cheap, fixedPrice: '420.01' });
    expect(preview.json<PricePreview>().problem).toBe(bound);
    expect(
      (await t.container.approvals.list({ kind: 'price.rule', targetId: 'mtn-data:mtn-500mb-140:web' }))
        .length,
    ).toBe(0);
    expect((await variationsOf(admin, 'mtn-data')).find((v) => v.code === 'mtn-500mb-140')?.priceKobo).toBe(
      14_000,
    );
  });

  it('any fixed price waits, even one that keeps a margin; a discount that keeps one applies at once', async () => {
    const fixed = {
      serviceId: 'mtn-data',
      variationCode: 'mtn-2gb-550',
      channel: 'api',
      mode: 'fixed',
      fixedPrice: '560',
    };
    expect((await admin.post('/api/v1/admin/prices/preview', fixed)).json<PricePreview>()).toMatchObject({
      isApprovalNeeded: true,
      rows: [{ priceKobo: 56_000, marginKobo: 2_100, lossKobo: null, isBelowCost: false }],
    });
    const asked = waitingOf(await save(fixed));
    expect(asked.message).toBe("Sent for a second admin's approval: the price stays ₦550.00 until then.");
    expect((await variationsOf(admin, 'mtn-data')).find((v) => v.code === 'mtn-2gb-550')?.apiPriceKobo).toBe(
      55_000,
    );

    const discount = { serviceId: 'airtel-data', channel: 'web', mode: 'bps', bps: -100 };
    expect(
      (await admin.post('/api/v1/admin/prices/preview', discount)).json<PricePreview>().isApprovalNeeded,
    ).toBe(false);
    const applied = await save(discount);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<SavePriceResponse>()).toMatchObject({
      status: 'applied',
      service: { service: { web: { rule: { bps: -100 }, pendingChange: null } } },
    });
    expect(await serviceOf(admin, 'airtel-data')).toMatchObject({ discountBps: 100 });
    expect(
      (await t.container.approvals.list({ kind: 'price.rule', targetId: 'airtel-data:*:web' })).length,
    ).toBe(0);
    expect((await admin.post(`/api/v1/admin/approvals/${asked.approvalId}/cancel`, {})).statusCode).toBe(200);
  });

  it('closes a waiting price change when its plan is no longer on sale, with the reason', async () => {
    // a plan our catalogue lists that the provider has since withdrawn
    await t.container.db
      .insert(catalogVariations)
      .values({ serviceId: 'glo-data', code: 'glo-old-900', name: 'Glo Old 4GB', amountKobo: kobo(90_000) })
      .onConflictDoNothing();
    const asked = waitingOf(
      await save({
        serviceId: 'glo-data',
        variationCode: 'glo-old-900',
        channel: 'web',
        mode: 'fixed',
        fixedPrice: '895',
      }),
    );
    await t.container.catalog.refreshAll(['glo-data']);
    const approved = await approve(checker, asked.approvalId);
    expect(approved.statusCode).toBe(409);
    expect(errorOf(approved).message).toBe(
      'This request no longer applies: Glo Old 4GB is no longer on sale.',
    );
    expect(await t.container.approvals.get(asked.approvalId)).toMatchObject({
      status: 'closed',
      decisionNote: 'Glo Old 4GB is no longer on sale.',
    });
  });

  it.each([
    [
      'a fixed price for a whole service',
      { serviceId: 'mtn', channel: 'web', mode: 'fixed', fixedPrice: '100' },
      400,
    ],
    [
      'a plan not on sale',
      { serviceId: 'mtn-data', variationCode: 'nope', channel: 'web', mode: 'bps', bps: 0 },
      400,
    ],
    [
      'a price that is not an amount',
      { serviceId: 'mtn-data', variationCode: PLAN, channel: 'web', mode: 'fixed', fixedPrice: '2,8x' },
      400,
    ],
    ['a percentage with no value', { serviceId: 'mtn', channel: 'web', mode: 'bps' }, 400],
    [
      'a 100% discount',
      { serviceId: 'mtn', channel: 'web', mode: 'bps', bps: -10_000, allowLoss: true },
      400,
    ],
    ['an unknown channel', { serviceId: 'mtn', channel: 'ussd', mode: 'bps', bps: 0 }, 400],
    ['a service we do not sell', { serviceId: 'spectranet', channel: 'web', mode: 'bps', bps: 0 }, 404],
  ])('refuses %s with a clear message', async (_name, body, status) => {
    const response = await save(body);
    expect(response.statusCode).toBe(status);
    expect(errorOf(response).message.length).toBeGreaterThan(5);
  });
});

// PGlite is one process's embedded database: only PostgreSQL has two server processes sharing one database
for (const kind of databaseKinds.filter((k) => k === 'postgres')) {
  describe(`a saved price reaches every server at once [${kind}]`, () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      a = await createTestApp(kind, { database });
      b = await createTestApp(kind, { database });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await database.close();
    });

    it('B, holding the old rules for a minute, sells at the new price as soon as a second admin on A approves it', async () => {
      const { client } = await signUp(b.app);
      expect((await variationsOf(client, 'gotv')).find((v) => v.code === 'gotv-max')?.priceKobo).toBe(
        841_500,
      );
      const { client: admin } = await adminOf(a);
      const { client: checker } = await adminOf(a);
      const asked = waitingOf(
        await admin.put('/api/v1/admin/prices', {
          serviceId: 'gotv',
          variationCode: 'gotv-max',
          channel: 'web',
          mode: 'fixed',
          fixedPrice: '8,400',
        }),
      );
      expect((await variationsOf(client, 'gotv')).find((v) => v.code === 'gotv-max')?.priceKobo).toBe(
        841_500,
      );
      const approved = await approve(checker, asked.approvalId);
      expect(approved.statusCode, approved.body).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await variationsOf(client, 'gotv')).find((v) => v.code === 'gotv-max')?.priceKobo).toBe(
            840_000,
          );
        },
        { timeout: 15_000, interval: 20 },
      );
    });

    it('two admins on two servers asking at once for one price: one request waits, the other is told one is waiting', async () => {
      const { client: onA } = await adminOf(a);
      const { client: onB } = await adminOf(b);
      const target = { serviceId: 'startimes', variationCode: 'nova', channel: 'api', mode: 'fixed' };
      const answers = await Promise.all([
        onA.put('/api/v1/admin/prices', { ...target, fixedPrice: '2,080' }),
        onB.put('/api/v1/admin/prices', { ...target, fixedPrice: '2,090' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
      const refused = answers.find((r) => r.statusCode === 409);
      if (!refused) throw new Error('neither was refused');
      expect(errorOf(refused).message).toBe(SAY_WAITING);
      const waiting = await a.container.approvals.list({
        kind: 'price.rule',
        targetId: 'startimes:nova:api',
        status: 'pending',
      });
      expect(waiting).toHaveLength(1);
    });
  });
}
