import http from 'node:http';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DATA_EXPORTS_PER_HOUR, dataExport, type DataExport } from '@quickvend/shared/api/profile';
import type { NotificationsResponse } from '@quickvend/shared/api/notifications';
import type { StatementResponse } from '@quickvend/shared/api/wallet';
import { queryRows } from '../../../src/db/client.ts';
import { EXPORT_PAGE } from '../../../src/modules/profile/data-export.ts';
import { sql } from 'drizzle-orm';
import { createTestApp, errorOf, type TestApp } from '../../helpers/app.ts';
import { seedFailedPurchases, seedNotices } from '../../helpers/bulk-history.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { fundedCustomer } from '../../helpers/purchases.ts';
import { watchQueries, type QueryWatch } from '../../helpers/query-log.ts';

// the rate limits' windows move only when the test moves this clock
const startedAt = Date.now();
let clockOffsetMs = 0;
const clock = { now: () => new Date(startedAt + clockOffsetMs) };

/** What "Download my data" sent over a real connection, and whether the response ended as HTTP ends one. */
function download(t: TestApp, cookie: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; complete: boolean }>(
    (resolve, reject) => {
      const request = http.get(`${t.selfUrl}/api/v1/profile/export`, { headers: { cookie } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        const settle = () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            complete: response.complete,
          });
        };
        response.on('end', settle);
        response.on('error', settle);
        response.on('aborted', settle);
      });
      request.on('error', reject);
    },
  );
}

const DATA_TABLES =
  /\b(ledger_lines|ledger_entries|ledger_accounts|purchases|notifications|payments|manual_funding_requests|referrals|beneficiaries|api_keys)\b/;

describeEachDatabase('bounded reads of a long history', (kind) => {
  let t: TestApp;
  let watch: QueryWatch | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    watch?.stop();
    watch = undefined;
    vi.restoreAllMocks();
  });

  /** A customer who made `count` failed (refunded) purchases, as a script can in minutes at no cost. */
  async function longHistory(count: number) {
    const customer = await fundedCustomer(t, 1_000);
    await seedFailedPurchases(t.container.db, customer.userId, { count });
    return customer;
  }

  it('reads one statement page off the index: at most a page and one more line, however long the history', async () => {
    const customer = await longHistory(600);
    const [deep] = await queryRows<{ id: string }>(
      t.container.db,
      sql`select l.id::text as id from ledger_lines l join ledger_accounts a on a.id = l.account_id
        where a.owner_user_id = ${customer.userId} order by l.id desc offset 700 limit 1`,
    );
    watch = watchQueries(t.container.db);
    for (const query of ['?limit=20', `?limit=20&cursor=${deep?.id ?? ''}`]) {
      const mark = watch.log.length;
      const response = await customer.client.get(`/api/v1/wallet/statement${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<StatementResponse>().lines).toHaveLength(20);
      const reads = watch.since(mark).filter((each) => /ledger_lines/.test(each.text));
      expect(reads).toHaveLength(1);
      for (const read of reads) {
        const rows = await watch.explain(read);
        expect(rows.get('ledger_lines'), read.text).toBeLessThanOrEqual(21);
        expect(rows.get('ledger_entries') ?? 0, read.text).toBeLessThanOrEqual(21);
      }
    }
  });

  it('writes the export as it reads it, a page read between two pieces at most, each read off an index', async () => {
    const customer = await longHistory(1_200);
    watch = watchQueries(t.container.db);
    const pieces = await t.container.profiles.exportData(customer.userId, null);
    let mark = watch.log.length;
    let document = '';
    let pageReads = 0;
    for await (const piece of pieces) {
      document += piece;
      const reads = watch.since(mark);
      mark = watch.log.length;
      // between two pieces sent, at most one page was read (and one more row, and the wallet's own row)
      expect(reads.reduce((rows, read) => rows + read.rows, 0)).toBeLessThanOrEqual(EXPORT_PAGE + 2);
      pageReads += reads.filter((read) => /\blimit\b/i.test(read.text)).length;
    }
    const data = JSON.parse(document) as DataExport;
    expect(data.purchases).toHaveLength(1_200);
    expect(data.statement).toHaveLength(2_401);
    expect(data.notifications.length).toBeGreaterThanOrEqual(1_200);
    // statement 5 pages, purchases 3, notices 3: each a query of its own, none of them all at once
    expect(pageReads).toBeGreaterThanOrEqual(11);
    for (const read of watch.log) expect(read.rows, read.text).toBeLessThanOrEqual(EXPORT_PAGE + 1);

    // a page reads a page off an index, never the history before it sorted again (quadratic over the export):
    // its rows, one more to know there is a next page, the cursor's own row, one past the page to end its sort
    const pages = watch.log.filter((read) => /\blimit\b/i.test(read.text) && /^\s*select/i.test(read.text));
    for (const page of pages) {
      const rows = await watch.explain(page);
      for (const table of ['ledger_lines', 'ledger_entries', 'purchases', 'notifications'])
        expect(rows.get(table) ?? 0, `${table}: ${page.text}`).toBeLessThanOrEqual(EXPORT_PAGE + 3);
    }
  });

  it('streams the same document over HTTP, contract-true, and cuts it off unfinished when a page fails', async () => {
    const customer = await longHistory(600);
    const whole = await download(t, customer.client.cookieHeader);
    expect(whole.status).toBe(200);
    expect(whole.complete).toBe(true);
    expect(whole.headers['transfer-encoding']).toBe('chunked');
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(whole.headers['content-disposition']).toMatch(
      /^attachment; filename="quickvend-my-data-[\d-]+\.json"$/,
    );
    const sent: unknown = JSON.parse(whole.body);
    // nothing beyond the contract, and all of it
    expect(z.encode(dataExport, dataExport.parse(sent))).toEqual(sent);
    expect((sent as DataExport).statement).toHaveLength(1_201);

    const errors = vi.spyOn(t.app.log, 'error');
    const listWalletLines = t.container.ledger.listWalletLines.bind(t.container.ledger);
    vi.spyOn(t.container.ledger, 'listWalletLines')
      .mockImplementationOnce(listWalletLines)
      .mockRejectedValueOnce(new Error('connection lost'));
    const cut = await download(t, customer.client.cookieHeader);
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    expect(cut.body).toContain('"statement":[');
    expect(() => JSON.parse(cut.body) as unknown).toThrow();
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) as unknown }),
      expect.stringContaining('data export stopped midway'),
    );
  });

  it('allows a few exports an hour: the next is refused before any of the data is read', async () => {
    const customer = await fundedCustomer(t, 10);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++)
      expect((await customer.client.get('/api/v1/profile/export')).statusCode).toBe(200);

    watch = watchQueries(t.container.db);
    const refused = await customer.client.get('/api/v1/profile/export');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You can download your data 3 times an hour. Please try again in 60 minutes.',
    });
    expect(refused.headers['retry-after']).toBe('3600');
    const touched = watch.log.filter((read) => DATA_TABLES.test(read.text)).map((read) => read.text);
    expect(touched).toEqual([]);

    clockOffsetMs += 60 * 60 * 1000;
    expect((await customer.client.get('/api/v1/profile/export')).statusCode).toBe(200);
  });

  it('counts unread notices and lists a page of them off the index, whatever the number of notices', async () => {
    const customer = await fundedCustomer(t, 0);
    await seedNotices(t.container.db, customer.userId, { count: 4_000 });
    watch = watchQueries(t.container.db);
    const first = await customer.client.get('/api/v1/notifications?limit=20');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<NotificationsResponse>();
    expect(page.notifications).toHaveLength(20);
    // the newest thousand are looked at: the bell says 99+ long before
    expect(page.unreadCount).toBe(1_000);
    const next = await customer.client.get(`/api/v1/notifications?limit=20&cursor=${page.nextCursor ?? ''}`);
    expect(next.json<NotificationsResponse>().notifications[0]?.id).not.toBe(page.notifications[0]?.id);
    const reads = watch.log.filter(
      (read) => /notifications/.test(read.text) && /^\s*select/i.test(read.text),
    );
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const read of reads) {
      const rows = await watch.explain(read);
      const bound = /count\(/.test(read.text) ? 1_000 : 23;
      expect(rows.get('notifications') ?? 0, read.text).toBeLessThanOrEqual(bound);
    }
  });
});
