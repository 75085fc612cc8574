import { describe, expect, it } from 'vitest';
import { aWallet, apiError, mockApi, sandboxMeta, takeContractViolations } from './mock-api.ts';

describe('the mock API', () => {
  it('answers a reply the shared response schema allows', async () => {
    mockApi({ 'GET /api/v1/meta': sandboxMeta, 'GET /api/v1/wallet': aWallet(150_000) });

    expect(await (await fetch('/api/v1/meta')).json()).toEqual({
      productName: 'QuickVend',
      mode: 'sandbox',
      minFundingKobo: 10_000,
    });
    expect((await fetch('/api/v1/wallet')).status).toBe(200);
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses a success reply the server would not send: a field missing, mistyped or not in the schema', async () => {
    const api = mockApi({
      // the casts stand for a mock the compiler would have refused
      'GET /api/v1/meta': { body: { productName: 'QuickVend', mode: 'sandbox' } as never },
      'GET /api/v1/pin': { body: { hasPin: 'yes', lockedUntil: null } as never },
    });
    api.set('GET /api/v1/wallet', () => {
      const { body } = aWallet(150_000);
      return { body: { ...body, breakdown: { ...body.breakdown, pendingKobo: 0 } } };
    });

    await expect(fetch('/api/v1/meta')).rejects.toThrow('body.minFundingKobo');
    await expect(fetch('/api/v1/pin')).rejects.toThrow('body.hasPin');
    await expect(fetch('/api/v1/wallet')).rejects.toThrow(
      'body.breakdown.pendingKobo is not in the response schema',
    );
    expect(takeContractViolations()).toHaveLength(3);
  });

  it('leaves error replies and an answer without a body to their own shapes', async () => {
    mockApi({
      'GET /api/v1/session': apiError(401, 'UNAUTHENTICATED', 'Please sign in.'),
      'POST /api/v1/auth/sign-out': { status: 204, body: undefined },
    });

    expect((await fetch('/api/v1/session')).status).toBe(401);
    expect((await fetch('/api/v1/auth/sign-out', { method: 'POST' })).status).toBe(204);
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses a mock for a route the shared map does not have', () => {
    // the cast stands for a key the compiler would have refused
    expect(() => mockApi({ ['GET /api/v1/nowhere' as 'GET /api/v1/meta']: sandboxMeta })).toThrow(
      'GET /api/v1/nowhere, which is not a route of the shared map',
    );
  });

  it('refuses a success answer to a body or query the route would refuse, or with a status it never gives', async () => {
    mockApi({
      'POST /api/v1/auth/forgot-password': { body: { ok: true } },
      'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
      'GET /api/v1/pin': { status: 201, body: { hasPin: true, lockedUntil: null } },
    });

    await expect(
      fetch('/api/v1/auth/forgot-password', { method: 'POST', body: JSON.stringify({ mail: 'a@b.co' }) }),
    ).rejects.toThrow('request body.email');
    await expect(fetch('/api/v1/purchases?limit=abc')).rejects.toThrow('query.limit');
    await expect(fetch('/api/v1/pin')).rejects.toThrow('the route answers 200, not 201');
    expect(takeContractViolations()).toHaveLength(3);
  });

  it("answers with the route's own success status when the mock gives none", async () => {
    mockApi({ 'POST /api/v1/auth/forgot-password': { body: { ok: true } } });

    const response = await fetch('/api/v1/auth/forgot-password', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    expect(response.status).toBe(202);
  });
});
