import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../src/modules/auth/auth.tables.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

describeEachDatabase('API keys made and revoked on the web are in the audit log', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('records who made each key and who revoked it, from where, never the key itself', async () => {
    const partner = await fundedCustomer(t, 0);
    await t.container.db.update(users).set({ emailVerified: true }).where(eq(users.id, partner.userId));
    expect((await partner.client.put('/api/v1/profile/partner-access', { enabled: true })).statusCode).toBe(
      200,
    );
    const created = await partner.client.post('/api/v1/api-keys', {
      name: 'Shop till',
      password: partner.password,
      pin: TEST_PIN,
      allowedIps: ['102.89.0.0/16'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, key } = created.json<{ apiKey: { id: string; prefix: string }; key: string }>();
    const revoked = await partner.client.post(`/api/v1/api-keys/${apiKey.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    // revoking it again changes nothing and records nothing
    expect((await partner.client.post(`/api/v1/api-keys/${apiKey.id}/revoke`)).statusCode).toBe(200);

    const records = await t.container.audit.list({ targetId: partner.userId, action: 'apikey' });
    expect(records.map((record) => record.action)).toEqual(['apikey.revoke', 'apikey.create']);
    const [revocation, creation] = records;
    const who = { actorId: partner.userId, actorLabel: partner.email, ip: '127.0.0.1', targetType: 'user' };
    expect(creation).toMatchObject({
      ...who,
      after: { keyId: apiKey.id, keyName: 'Shop till', allowedIps: '102.89.0.0/16' },
    });
    expect(revocation).toMatchObject({
      ...who,
      before: { keyId: apiKey.id, keyName: 'Shop till', prefix: apiKey.prefix },
      after: { keyId: apiKey.id, revokedAt: expect.any(String) as string },
    });
    expect(JSON.stringify(records)).not.toContain(key);
  });
});
