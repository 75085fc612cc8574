import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Notification, NotificationsResponse } from '@quickvend/shared/api/notifications';
import type { CreatePurchaseBody, Purchase } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { deadlineOf } from '@quickvend/shared/purchase-words';
import { createTestApp, waitForMail, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const SMARTCARD = '1212121212';
const METER = '1111111111111';
const JAMB_PROFILE = '0123456789';
const SUCCESS_PHONE = '08011111111';
const PHONE = '08031234567';

type Texts = { to: string; text: string }[];

/** A word said twice in a row (`MTN Data MTN Data`, `Showmax Showmax`) or a full stop doubled. */
function expectSaidOnce(text: string) {
  expect(text).not.toMatch(/\.\./);
  expect(text).not.toMatch(/\b(\w+)\s+\1\b/i);
}

async function noticeOf(client: TestClient, purchase: Purchase | null, event: string): Promise<Notification> {
  const link = `/transactions/${purchase?.requestId ?? 'missing'}`;
  return vi.waitFor(
    async () => {
      const { notifications } = (
        await client.get('/api/v1/notifications?limit=50')
      ).json<NotificationsResponse>();
      const notice = notifications.find((n) => n.link === link && n.title.endsWith(event));
      if (!notice) throw new Error(`no "${event}" notice yet`);
      return notice;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describeEachDatabase('what each purchase’s notice, mail and text message say', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  let phones = 0;
  /** A customer who asked for credential text messages, with a phone on the account of their own. */
  async function customer() {
    const person = await fundedCustomer(t, 50_000);
    phones += 1;
    const phone = `0803${String(phones).padStart(7, '0')}`;
    await t.container.auth.accounts.updateProfile(
      person.userId,
      { name: 'Ada Obi', email: person.email, phone },
      t.container.db,
    );
    await person.client.put('/api/v1/notifications/preferences', { smsCredentials: true });
    return { ...person, smsTo: `234${phone.slice(1)}` };
  }

  async function delivered(body: Omit<CreatePurchaseBody, 'requestId'>) {
    const person = await customer();
    const { purchase } = await buy(person.client, body);
    expect(purchase?.status, JSON.stringify(purchase)).toBe('delivered');
    const notice = await noticeOf(person.client, purchase, ' delivered');
    expectSaidOnce(notice.title);
    expectSaidOnce(notice.body);
    return { ...person, purchase: purchase as Purchase, notice };
  }

  const textsTo = async (to: string) =>
    (await t.app.inject({ url: '/sandbox/sms/messages' }))
      .json<{ messages: Texts }>()
      .messages.filter((sms) => sms.to === to);
  const textTo = (to: string) =>
    vi.waitFor(
      async () => {
        const [sms] = await textsTo(to);
        if (!sms) throw new Error('no text message yet');
        return sms.text;
      },
      { timeout: 10_000, interval: 50 },
    );

  it('airtime: what, to whom, and what the wallet paid', async () => {
    const { notice } = await delivered({ serviceId: 'mtn', phone: SUCCESS_PHONE, amount: '500' });
    expect(notice.title).toBe('MTN Airtime delivered');
    expect(notice.body).toBe('MTN Airtime to 0801 111 1111 is delivered. You paid ₦500.00.');
  });

  it('data: the plan under its network once', async () => {
    const { notice } = await delivered({
      serviceId: 'mtn-data',
      phone: SUCCESS_PHONE,
      variationCode: 'mtn-1gb-275',
    });
    expect(notice.title).toBe('MTN Data 1GB - 30 Days delivered');
    expect(notice.body).toBe('MTN Data 1GB - 30 Days to 0801 111 1111 is delivered. You paid ₦275.00.');
  });

  it('DStv bouquet change: the smartcard, and the discounted price with the plan’s beside it', async () => {
    const { notice } = await delivered({
      serviceId: 'dstv',
      phone: PHONE,
      billersCode: SMARTCARD,
      variationCode: 'dstv-padi',
      subscriptionType: 'change',
    });
    expect(notice.title).toBe('DStv Padi delivered');
    expect(notice.body).toBe(
      'DStv Padi for smartcard 1212121212 is delivered. You paid ₦4,356.00 (₦4,400.00 plan, 1% off).',
    );
  });

  it('DStv renewal: the bouquet renewed, without its price in the name', async () => {
    const person = await customer();
    await person.client.post('/api/v1/verify', { serviceId: 'dstv', billersCode: SMARTCARD });
    const { purchase } = await buy(person.client, {
      serviceId: 'dstv',
      phone: PHONE,
      billersCode: SMARTCARD,
      subscriptionType: 'renew',
    });
    const notice = await noticeOf(person.client, purchase, ' delivered');
    expect(notice.title).toBe('DStv Compact (renewal) delivered');
    expect(notice.body).toBe(
      'DStv Compact (renewal) for smartcard 1212121212 is delivered. You paid ₦18,810.00 (₦19,000.00 plan, 1% off).',
    );
  });

  it('Showmax: the phone is the account, said as a phone', async () => {
    const { notice } = await delivered({
      serviceId: 'showmax',
      phone: SUCCESS_PHONE,
      variationCode: 'mobile_only_1',
    });
    expect(notice.title).toBe('Showmax Mobile - 1 Month delivered');
    expect(notice.body).toBe(
      'Showmax Mobile - 1 Month for 0801 111 1111 is delivered. You paid ₦1,584.00 (₦1,600.00 plan, 1% off).',
    );
  });

  it('electricity: the meter, the price paid and the token, in the notice, the mail and the text message', async () => {
    const { notice, purchase, email, smsTo } = await delivered({
      serviceId: 'ikeja-electric',
      phone: PHONE,
      billersCode: METER,
      type: 'prepaid',
      amount: '1000',
    });
    const token = groupToken(purchase.token ?? '');
    const units = purchase.units ?? '';
    expect(notice.title).toBe('Ikeja Electricity delivered');
    expect(notice.body).toBe(
      `Ikeja Electricity for meter 1111111111111 is delivered. You paid ₦990.00 (₦1,000.00 value, 1% off). Your token: ${token} (${units}).`,
    );
    const mail = await waitForMail(t.app, email, /token/);
    expect(mail.subject).toBe('Your Ikeja Electricity token from QuickVend');
    expect(mail.text).toMatch(
      new RegExp(
        `^Ikeja Electricity\\nYou paid: ₦990\\.00 \\(₦1,000\\.00 value, 1% off\\)\\nMeter number: 1111111111111\\n\\nToken: ${token}\\nUnits: ${units.replace('.', '\\.')}\\n`,
      ),
    );
    expect(await textTo(smsTo)).toBe(
      `QuickVend: your Ikeja Electricity token for meter 1111111111111 is ${token} (NGN990.00, ${units}).`,
    );
  });

  it('WAEC × 2: how many, the price of both, and each PIN', async () => {
    const { notice, purchase, email, smsTo } = await delivered({
      serviceId: 'waec',
      phone: SUCCESS_PHONE,
      variationCode: 'waecdirect',
      quantity: 2,
    });
    const [first, second] = purchase.pins ?? [];
    const listed = `${first?.pin ?? ''} (serial ${first?.serial ?? ''}), ${second?.pin ?? ''} (serial ${second?.serial ?? ''})`;
    expect(notice.title).toBe('WAEC Result Checker × 2 delivered');
    expect(notice.body).toBe(
      `WAEC Result Checker × 2 for 0801 111 1111 is delivered. You paid ₦7,800.00. Your PINs: ${listed}.`,
    );
    const mail = await waitForMail(t.app, email, /PINs from/);
    expect(mail.subject).toBe('Your WAEC Result Checker PINs from QuickVend');
    expect(mail.text).toMatch(/^WAEC Result Checker × 2\nYou paid: ₦7,800\.00\nPhone number: 08011111111\n/);
    expectSaidOnce(mail.text);
    expect(await textTo(smsTo)).toBe(`QuickVend: your WAEC Result Checker PINs: ${listed} (NGN7800.00).`);
  });

  it('JAMB: the kind of PIN and the candidate’s profile', async () => {
    const person = await customer();
    await person.client.post('/api/v1/verify', {
      serviceId: 'jamb',
      billersCode: JAMB_PROFILE,
      type: 'utme-mock',
    });
    const { purchase } = await buy(person.client, {
      serviceId: 'jamb',
      phone: PHONE,
      billersCode: JAMB_PROFILE,
      variationCode: 'utme-mock',
    });
    const notice = await noticeOf(person.client, purchase, ' delivered');
    const pin = purchase?.pins?.[0]?.pin ?? 'missing';
    expect(notice.title).toBe('JAMB UTME PIN (with mock) delivered');
    expect(notice.body).toBe(
      `JAMB UTME PIN (with mock) for profile 0123456789 is delivered. You paid ₦7,700.00. Your PIN: ${pin}.`,
    );
    const mail = await waitForMail(t.app, person.email, /PIN from/);
    expect(mail.subject).toBe('Your JAMB PIN from QuickVend');
    expect(mail.text).toMatch(/^JAMB UTME PIN \(with mock\)\nYou paid: ₦7,700\.00\nProfile ID: 0123456789\n/);
    expect(await textTo(person.smsTo)).toBe(`QuickVend: your JAMB PIN: ${pin} (NGN7700.00).`);
  });

  it('pending: the money is held, and the promise says what happens at the deadline', async () => {
    const { client } = await customer();
    const { purchase } = await buy(client, {
      serviceId: 'dstv',
      phone: PHONE,
      billersCode: '201000000000',
      variationCode: 'dstv-padi',
    });
    expect(purchase?.status).toBe('pending');
    const notice = await noticeOf(client, purchase, ' is being confirmed');
    expect(notice.title).toBe('DStv Padi is being confirmed');
    expect(notice.body).toBe(
      `We are confirming DStv Padi for smartcard 201000000000 with DSTV; your ₦4,356.00 is held, not spent. Delivered or refunded by ${deadlineOf(purchase?.resolveBy ?? null) ?? 'missing'}, usually within a few minutes. If DSTV has still not answered by then, our team takes it up and tells you.`,
    );
    expectSaidOnce(notice.body);
  });

  it('failed: says it is refunded, and how much went back', async () => {
    const { client } = await customer();
    const { purchase } = await buy(client, {
      serviceId: 'showmax',
      phone: PHONE,
      variationCode: 'mobile_only_1',
    });
    expect(purchase?.status).toBe('failed');
    const notice = await noticeOf(client, purchase, ' refunded');
    expect(notice.title).toBe('Showmax Mobile - 1 Month failed: ₦1,584.00 refunded');
    expect(notice.body).toBe(
      'We could not deliver Showmax Mobile - 1 Month for 0803 123 4567. Your ₦1,584.00 is back in your wallet.',
    );
  });
});
