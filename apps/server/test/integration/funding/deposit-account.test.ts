import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MyManualFundingsResponse } from '@quickvend/shared/api/funding';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

const account = { bankName: 'Wema Bank', accountName: 'QuickVend Ltd', accountNumber: '0123456789' };

describeEachDatabase('the account manual deposits are paid into', (kind) => {
  let configured: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp(kind, { depositAccount: account });
    unconfigured = await createTestApp(kind);
  });
  afterAll(async () => {
    await configured.close();
    await unconfigured.close();
  });

  it('is told to signed-in customers with their own deposits, as configured, and is null until it is', async () => {
    const customer = await signUp(configured.app);
    const mine = await customer.client.get('/api/v1/funding/manual');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<MyManualFundingsResponse>()).toEqual({ requests: [], depositAccount: account });

    const other = await signUp(unconfigured.app);
    expect((await other.client.get('/api/v1/funding/manual')).json<MyManualFundingsResponse>()).toEqual({
      requests: [],
      depositAccount: null,
    });
    expect((await configured.app.inject({ url: '/api/v1/funding/manual' })).statusCode).toBe(401);
  });
});
