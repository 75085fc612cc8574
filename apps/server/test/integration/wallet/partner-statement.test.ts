import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  partnerStatementResponse,
  type PartnerStatementLine,
  type PartnerStatementResponse,
} from '@quickvend/shared/api/partner-statement';
import { balanceResponse, purchasesResponse, type Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import { lagosDateOf } from '@quickvend/shared/periods';
import { createTestApp, errorOf, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { fundedPartner } from '../../helpers/partners.ts';
import { TEST_PIN } from '../../helpers/purchases.ts';

/** the sandbox fails every number but its own test numbers: this purchase is refunded */
const FAILING_PHONE = '08031234567';
/** the sandbox keeps a sale to this number pending */
const PENDING_PHONE = '201000000000';

describeEachDatabase('the partner statement', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** What a 200 answer of one of these routes holds, checked against its schema. */
  const schemas = {
    statement: partnerStatementResponse,
    balance: balanceResponse,
    purchases: purchasesResponse,
  };
  async function call<K extends keyof typeof schemas>(key: string, url: string, shape: K) {
    const response = await fetch(`${t.selfUrl}${url}`, { headers: { authorization: `Bearer ${key}` } });
    const json: unknown = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    return { status: response.status, body: schemas[shape].parse(json) as z.infer<(typeof schemas)[K]> };
  }

  /** A partner with a key, funded by our team and by card, with a purchase delivered, one refunded, one pending. */
  async function busyPartner() {
    const partner = await fundedPartner(t, 2_000);
    const created = await partner.client.post('/api/v1/api-keys', {
      name: 'Books',
      password: partner.password,
      pin: TEST_PIN,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key } = created.json<{ key: string }>();
    const { checkout, payment } = await startCardPayment(partner.client, partner.email, '500');
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const confirmed = await partner.client.post('/api/v1/funding/card/confirm', {
      reference: payment.reference,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const bought: Purchase[] = [];
    for (const [requestId, phone] of [
      ['order-delivered', '08011111111'],
      ['order-refunded', FAILING_PHONE],
      ['order-pending', PENDING_PHONE],
    ] as const) {
      const response = await fetch(`${t.selfUrl}/api/v1/purchases`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requestId, serviceId: 'mtn', phone, amount: '100' }),
      });
      expect(response.status).toBe(201);
      bought.push(((await response.json()) as { purchase: Purchase }).purchase);
    }
    expect(bought.map((purchase) => purchase.status)).toEqual(['delivered', 'failed', 'pending']);
    return { ...partner, key, paymentReference: payment.reference, bought };
  }

  async function allPages(key: string, query: string) {
    const pages: PartnerStatementResponse[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const { status, body } = await call(key, `/api/v1/statement?${query}${suffix}`, 'statement');
      expect(status, JSON.stringify(body)).toBe(200);
      pages.push(body);
      cursor = body.nextCursor;
    } while (cursor !== null && pages.length < 50);
    return pages;
  }

  const sumOf = (lines: readonly PartnerStatementLine[]) =>
    lines.reduce((sum, line) => sum + line.amountKobo, 0);

  it('lists every line once, oldest first, summing to closing less opening, and closing is the balance', async () => {
    const partner = await busyPartner();
    const pages = await allPages(partner.key, 'limit=2');
    const lines = pages.flatMap((page) => page.lines);
    // our team's credit, the card, and a hold for each purchase and the refund of the failed one
    expect(lines.map((line) => line.kind)).toEqual([
      'adjustment',
      'funding.card',
      'purchase.hold',
      'purchase.hold',
      'purchase.refund',
      'purchase.hold',
    ]);
    expect(pages.length).toBe(3);
    expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
    expect(lines.map((line) => line.id)).toEqual([...lines.map((line) => line.id)].sort((a, b) => a - b));
    for (const page of pages) {
      expect(page.openingBalanceKobo).toBe(0);
      expect(page.closingBalanceKobo - page.openingBalanceKobo).toBe(sumOf(lines));
    }
    const balance = await call(partner.key, '/api/v1/balance', 'balance');
    expect(pages[0]?.closingBalanceKobo).toBe(balance.body.balanceKobo);
    expect(pages[0]?.closingBalance).toBe(`${balance.body.balanceKobo / 100}.00`);
    expect(lines.at(-1)?.balanceAfterKobo).toBe(balance.body.balanceKobo);

    const [delivered, refunded, pending] = partner.bought;
    expect(lines[1]).toMatchObject({
      amountKobo: 50_000,
      amount: '500.00',
      description: 'Card payment',
      belongsTo: { funding: { reference: partner.paymentReference, method: 'card' } },
    });
    const ofPurchase = (purchase: Purchase | undefined) => ({
      purchase: { requestId: purchase?.requestId, id: purchase?.id, serviceId: 'mtn' },
    });
    expect(lines[2]).toMatchObject({
      amountKobo: -10_000,
      amount: '-100.00',
      belongsTo: ofPurchase(delivered),
    });
    expect(lines[3]).toMatchObject({ amountKobo: -10_000, belongsTo: ofPurchase(refunded) });
    expect(lines[4]).toMatchObject({ amountKobo: 10_000, belongsTo: ofPurchase(refunded) });
    expect(lines[4]?.description).toMatch(/^Refund: /);
    expect(lines[5]).toMatchObject({ amountKobo: -10_000, belongsTo: ofPurchase(pending) });
    expect(lines[0]).toMatchObject({ description: 'Adjustment by our team', belongsTo: {} });
  });

  it('keeps its pages to the lines the first page counted while the wallet moves on', async () => {
    const partner = await busyPartner();
    const first = await call(partner.key, '/api/v1/statement?limit=4', 'statement');
    expect(first.body.nextCursor).not.toBeNull();
    await t.container.ledger.adjustWallet({
      userId: partner.userId,
      direction: 'credit',
      amountKobo: kobo(700),
      reason: 'meanwhile',
      actor: 'test',
    });
    const rest = await allPages(
      partner.key,
      `limit=4&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    const lines = [...first.body.lines, ...rest.flatMap((page) => page.lines)];
    expect(lines).toHaveLength(6);
    expect(rest[0]?.closingBalanceKobo).toBe(first.body.closingBalanceKobo);
    expect(sumOf(lines)).toBe(first.body.closingBalanceKobo - first.body.openingBalanceKobo);
    // a new statement has the new line
    const now = await allPages(partner.key, 'limit=100');
    expect(now.flatMap((page) => page.lines)).toHaveLength(7);
  });

  it('covers the period asked for, with the balance at each end', async () => {
    const partner = await busyPartner();
    const today = lagosDateOf(new Date());
    const whole = await call(partner.key, `/api/v1/statement?from=${today}&to=${today}`, 'statement');
    expect(whole.body.lines).toHaveLength(6);
    const old = await call(partner.key, '/api/v1/statement?from=2024-01-01&to=2024-01-31', 'statement');
    expect(old.body).toMatchObject({
      lines: [],
      openingBalanceKobo: 0,
      closingBalanceKobo: 0,
      nextCursor: null,
    });
    expect(old.body.from).toBe('2023-12-31T23:00:00.000Z');
    expect(old.body.to).toBe('2024-01-31T23:00:00.000Z');
    // from the fourth line's time on: the opening balance is the balance before the first line shown
    const fourth = whole.body.lines[3];
    const later = await call(
      partner.key,
      `/api/v1/statement?from=${encodeURIComponent(fourth?.time ?? '')}`,
      'statement',
    );
    expect(later.body.lines[0]?.id).toBeLessThanOrEqual(fourth?.id ?? 0);
    const firstLater = later.body.lines[0];
    expect(later.body.openingBalanceKobo).toBe(
      (firstLater?.balanceAfterKobo ?? 0) - (firstLater?.amountKobo ?? 0),
    );
    expect(later.body.openingBalanceKobo).toBeGreaterThan(0);
    expect(later.body.closingBalanceKobo - later.body.openingBalanceKobo).toBe(sumOf(later.body.lines));
  });

  it('refuses a backwards period, one over 366 days and a cursor it did not give, with a 400', async () => {
    const partner = await busyPartner();
    for (const query of [
      'from=2025-03-10&to=2025-03-01',
      'from=2024-01-01&to=2025-06-01',
      'from=yesterday',
      'cursor=bm90LWEtY3Vyc29y',
      'limit=100000',
    ]) {
      const response = await fetch(`${t.selfUrl}/api/v1/statement?${query}`, {
        headers: { authorization: `Bearer ${partner.key}` },
      });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('downloads the statement as CSV with naira and kobo columns and both balances', async () => {
    const partner = await busyPartner();
    const today = lagosDateOf(new Date());
    const response = await partner.client.get(`/api/v1/statement.csv?from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${today}-to-${today}.csv"`,
    );
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toMatch(/^Date \(Lagos\),Description,Kind,Amount \(NGN\),Amount \(kobo\)/);
    expect(rows).toHaveLength(1 + 1 + 6 + 1);
    expect(rows[1]).toContain('Opening balance');
    expect(rows[2]).toContain(',Adjustment by our team,adjustment,2000.00,200000,');
    expect(rows[4]).toContain(',-100.00,-10000,');
    expect(rows[4]).toContain('order-delivered');
    expect(rows.at(-1)).toMatch(/Closing balance,,,,,,2300\.00,230000,,,$/);
    const refused = await partner.client.get('/api/v1/statement.csv?from=2020-01-01&to=2025-01-01');
    expect(errorOf(refused).code).toBe('VALIDATION_FAILED');
  });

  it('filters purchases by status, service and date, newest first', async () => {
    const partner = await busyPartner();
    const list = async (query: string) =>
      (await call(partner.key, `/api/v1/purchases?${query}`, 'purchases')).body.purchases.map(
        (purchase) => purchase.requestId,
      );
    expect(await list('status=pending')).toEqual(['order-pending']);
    expect(await list('status=failed')).toEqual(['order-refunded']);
    expect(await list('serviceId=mtn')).toEqual(['order-pending', 'order-refunded', 'order-delivered']);
    expect(await list('serviceId=glo')).toEqual([]);
    const today = lagosDateOf(new Date());
    expect(await list(`from=${today}&status=delivered`)).toEqual(['order-delivered']);
    expect(await list('to=2024-01-01')).toEqual([]);
    expect(await list(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await list(`to=${today}&limit=2`)).toEqual(['order-pending', 'order-refunded']);
    const bad = await fetch(`${t.selfUrl}/api/v1/purchases?from=31/01/2025`, {
      headers: { authorization: `Bearer ${partner.key}` },
    });
    expect(bad.status).toBe(400);
  });
});
