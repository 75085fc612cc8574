import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../../src/db/schema.ts';
import { SESSION_ABSOLUTE_SECONDS } from '../../../src/modules/auth/index.ts';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('session lifetime', (kind) => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends a session left unused past its idle expiry', async () => {
    const { client, userId } = await signUp(t.app);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    await t.container.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime however much it is used', async () => {
    now = new Date();
    const { client, userId } = await signUp(t.app);
    now = new Date(Date.now() + (SESSION_ABSOLUTE_SECONDS - 60) * 1000);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    now = new Date(Date.now() + (SESSION_ABSOLUTE_SECONDS + 60) * 1000);
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
    const left = await t.container.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(left).toHaveLength(0);
  });

  it('the session probe answers 200 to everyone: the user while the session lasts, null for a visitor or once it ended', async () => {
    now = new Date();
    const visitor = await t.app.inject({ url: '/api/v1/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });

    const { client, userId } = await signUp(t.app);
    const signedIn = await client.get('/api/v1/session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: { id: string } }>().user.id).toBe(userId);

    await t.container.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
    const ended = await client.get('/api/v1/session');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ user: null });
  });

  it('the session probe does not take a partner key for a session', async () => {
    const probe = await t.app.inject({
      url: '/api/v1/session',
      headers: { authorization: 'Bearer qv_live_not_a_real_key' },
    });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ user: null });
  });
});
