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
});
