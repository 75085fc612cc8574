import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../../helpers/app.ts';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'qv-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>QuickVend</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/dashboard', '/AirtimeTopUp', '/reset-password?token=x', '/edit-user/usr_1'])(
    'answers the page path %s with the app',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves fingerprinted assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for API paths and refuses non-GET page requests', async () => {
    const api = await t.app.inject({ url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(errorOf(api).code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/webhooks/unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/dashboard' })).statusCode).toBe(404);
  });
});
