import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServiceRouteView, ServiceRoutesResponse } from '@quickvend/shared/api/admin-routing';
import { createTestApp, errorOf, type TestApp, type TestClient } from '../../helpers/app.ts';
import { newAdmin } from '../../helpers/admins.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const REASON = 'VTpass is settling MTN airtime late today';

describeEachDatabase('where each service is sold', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ client: admin } = await newAdmin(t, 'Routing Admin'));
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async () => {
    const response = await admin.get('/api/v1/admin/service-routes');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ServiceRoutesResponse>();
  };
  const serviceOf = async (serviceId: string) =>
    (await list()).services.find((service) => service.serviceId === serviceId);
  const save = (body: Record<string, unknown>) => admin.put('/api/v1/admin/service-routes', body);

  it('sends every service to VTpass first until an admin says otherwise', async () => {
    const { providers, services } = await list();
    expect(providers.map((provider) => provider.name)).toContain('vtpass');
    expect(services.map((service) => service.serviceId)).toEqual(
      expect.arrayContaining(['mtn', 'mtn-data', 'dstv', 'ikeja-electric', 'waec']),
    );
    for (const service of services) expect(service).toMatchObject({ primary: 'vtpass', isDefault: true });
  });

  it('shows what each provider earned on a service from its delivered purchases', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
    expect(purchase?.status).toBe('delivered');
    const vtpass = (await serviceOf('mtn'))?.providers.find((p) => p.provider === 'vtpass');
    // the sandbox takes ₦97.00 for ₦100 of airtime (3% commission): we keep 3% of what the customer paid
    expect(vtpass).toMatchObject({ role: 'primary', offers: true, delivered: 1, marginBps: 300 });
    expect((await serviceOf('glo'))?.providers.find((p) => p.provider === 'vtpass')).toMatchObject({
      delivered: 0,
      marginBps: null,
    });
  });

  it('turns a service off: nothing is sent, nothing is charged, and the buyer is told to try again soon', async () => {
    const off = await save({ serviceId: 'airtel', primary: null, fallback: null, reason: REASON });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ service: ServiceRouteView }>().service).toMatchObject({
      serviceId: 'airtel',
      primary: null,
      fallback: null,
      isDefault: false,
    });
    const vtpass = t.simulators.vtpass;
    if (!vtpass) throw new Error('no VTpass simulator');
    const floatBefore = await vtpass.floatKobo();
    const { client, userId } = await fundedCustomer(t, 1_000);
    const refused = await buy(client, { serviceId: 'airtel', phone: '08011111111', amount: '100' });
    expect(refused.response.statusCode).toBe(503);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused.response)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Airtel airtime is unavailable right now, try again soon',
    });
    expect(await vtpass.floatKobo()).toBe(floatBefore);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(100_000);

    const audit = await t.container.audit.list({ action: 'service.route' });
    expect(audit[0]).toMatchObject({
      targetId: 'airtel',
      reason: REASON,
      before: { primary: 'VTpass' },
      after: { primary: 'none', fallback: 'none' },
    });

    const on = await save({
      serviceId: 'airtel',
      primary: 'vtpass',
      fallback: null,
      reason: 'VTpass is back',
    });
    expect(on.statusCode, on.body).toBe(200);
    const sold = await buy(client, { serviceId: 'airtel', phone: '08011111111', amount: '100' });
    expect(sold.purchase?.status).toBe('delivered');
  });

  it('refuses a route it cannot keep, with a message for the field', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { serviceId: 'mtn', primary: 'vtpass', fallback: 'vtpass', reason: REASON },
        400,
        'The fallback must be another provider.',
      ],
      [
        { serviceId: 'mtn', primary: null, fallback: 'vtpass', reason: REASON },
        400,
        'Choose a first provider before a fallback.',
      ],
      [
        { serviceId: 'mtn', primary: 'vtpass', fallback: null, reason: '' },
        400,
        'Say why you are changing where this service is sold.',
      ],
      [
        { serviceId: 'no-such-service', primary: 'vtpass', fallback: null, reason: REASON },
        404,
        'We do not sell that service.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await save(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).message).toBe(message);
    }
    expect((await serviceOf('mtn'))?.isDefault).toBe(true);
  });
});
