import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { NotificationPreferencesResponse } from '@quickvend/shared/api/notifications';
import type { CreatePurchaseBody, Purchase } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { purchaseNotice } from '../../../src/modules/notifications/index.ts';
import { purchaseFactsOf } from '../../../src/modules/purchases/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { noticeTitled, textsTo } from '../../helpers/notices.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';

const AIRTIME = { serviceId: 'mtn', phone: '08011111111', amount: '500' };
const FAILING = { serviceId: 'glo', phone: '08051234567', amount: '250' };
const PENDING = { serviceId: 'mtn', phone: '201000000000', amount: '100' };
const TOKEN = {
  serviceId: 'ikeja-electric',
  billersCode: '1111111111111',
  type: 'prepaid' as const,
  phone: '08031234567',
  amount: '1000',
};

describeEachDatabase("a text message of each purchase's outcome, when the customer asks", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  let phones = 0;
  /** A customer with a phone of their own on the account, outcome texts on or off. */
  async function customer(wantsOutcomes: boolean) {
    const person = await fundedCustomer(t, 50_000);
    phones += 1;
    const phone = `0816${String(phones).padStart(7, '0')}`;
    await t.container.auth.accounts.updateProfile(
      person.userId,
      { name: 'Ada Obi', email: person.email, phone },
      t.container.db,
    );
    if (wantsOutcomes) {
      const on = await person.client.put('/api/v1/notifications/preferences', { smsOutcomes: true });
      expect(on.json<NotificationPreferencesResponse>().preferences.smsOutcomes).toBe(true);
    }
    return { ...person, smsTo: `234${phone.slice(1)}` };
  }

  const textsOnceTold = async (to: string, count: number) =>
    vi.waitFor(
      async () => {
        const texts = await textsTo(t.app, to);
        if (texts.length < count) throw new Error(`${texts.length} of ${count} text messages yet`);
        return texts.map((sms) => sms.text);
      },
      { timeout: 10_000, interval: 50 },
    );

  /**
   * A text queued now is sent after any queued before it: once this one has arrived, an earlier text that was
   * wrongly queued would have too, so counting then proves none was.
   */
  async function markerText(person: Awaited<ReturnType<typeof customer>>, expected: number) {
    await person.client.put('/api/v1/notifications/preferences', { smsOutcomes: true });
    const { purchase } = await buy(person.client, AIRTIME);
    expect(purchase?.status).toBe('delivered');
    const texts = await textsOnceTold(person.smsTo, expected);
    expect(texts).toHaveLength(expected);
    expect(texts[0]).toContain(`Ref ${purchase?.requestId ?? ''}.`);
  }

  async function bought(client: Parameters<typeof buy>[0], body: Omit<CreatePurchaseBody, 'requestId'>) {
    const { purchase } = await buy(client, body);
    expect(purchase).not.toBeNull();
    return purchase as Purchase;
  }

  it('is off until the customer turns it on', async () => {
    const person = await customer(false);
    const preferences = await person.client.get('/api/v1/notifications/preferences');
    expect(preferences.json<NotificationPreferencesResponse>().preferences.smsOutcomes).toBe(false);
    const purchase = await bought(person.client, AIRTIME);
    expect(purchase.status).toBe('delivered');
    await noticeTitled(person.client, 'MTN Airtime delivered');
    const failed = await bought(person.client, FAILING);
    expect(failed.status).toBe('failed');
    await noticeTitled(person.client, 'GLO Airtime failed: ₦250.00 refunded');
    await markerText(person, 1);
  });

  it('texts a delivery with what was paid, and a failure with the refund and what to do', async () => {
    const person = await customer(true);
    const delivered = await bought(person.client, AIRTIME);
    expect(await textsOnceTold(person.smsTo, 1)).toEqual([
      `QuickVend: MTN Airtime to 0801 111 1111 delivered. You paid NGN500.00. Ref ${delivered.requestId}.`,
    ]);
    const failed = await bought(person.client, FAILING);
    expect(failed.status).toBe('failed');
    const texts = await textsOnceTold(person.smsTo, 2);
    expect(texts).toContain(
      `QuickVend: GLO Airtime to 0805 123 4567 failed. NGN250.00 is back in your wallet; you can try again. Ref ${failed.requestId}.`,
    );
  });

  it('carries an electricity token in the one text of its delivery', async () => {
    const person = await customer(true);
    // both asked for: the outcome's text carries the token, so no second text of it
    await person.client.put('/api/v1/notifications/preferences', { smsCredentials: true });
    const purchase = await bought(person.client, TOKEN);
    expect(purchase.status).toBe('delivered');
    const [text] = await textsOnceTold(person.smsTo, 1);
    expect(text).toBe(
      `QuickVend: Ikeja Electricity for meter 1111111111111 delivered. You paid NGN990.00. Token: ${groupToken(purchase.token ?? '')} (${purchase.units ?? ''}). Ref ${purchase.requestId}.`,
    );
    await noticeTitled(person.client, 'Ikeja Electricity delivered');
    await markerText(person, 2);
  });

  it('sends nothing while a purchase is first confirmed, then one text when it is delivered', async () => {
    const person = await customer(true);
    const purchase = await bought(person.client, PENDING);
    expect(purchase.status).toBe('pending');
    await noticeTitled(person.client, 'MTN Airtime is being confirmed');
    await t.container.events.drain();
    expect(await textsTo(t.app, person.smsTo)).toEqual([]);
    await resolvePending(t, purchase);
    const [text] = await textsOnceTold(person.smsTo, 1);
    expect(text).toBe(
      `QuickVend: MTN Airtime to 201000000000 delivered. You paid NGN100.00. Ref ${purchase.requestId}.`,
    );
    expect(await textsTo(t.app, person.smsTo)).toHaveLength(1);
  });

  it('texts each outcome once, however often its event is told again', async () => {
    const person = await customer(true);
    const purchase = await bought(person.client, AIRTIME);
    await textsOnceTold(person.smsTo, 1);
    const row = await t.container.purchases.findById(purchase.id);
    const facts = row && purchaseFactsOf(row);
    expect(facts).toBeTruthy();
    if (!facts) return;
    for (let replay = 0; replay < 3; replay++)
      expect(
        await t.container.notifier.notify(purchaseNotice(facts.userId, facts.purchase, facts)),
      ).toBeNull();
    await markerText(person, 2);
  });
});
