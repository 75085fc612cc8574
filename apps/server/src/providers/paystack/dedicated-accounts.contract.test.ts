import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import type { PaymentGateway } from '../../modules/funding/funding.port.ts';
import type { PaystackSimulator } from '../simulators/paystack/paystack-simulator.ts';
import {
  SECRET,
  post,
  startSimulatorWithWebhooks,
  type RunningSimulator,
  type WebhookReceiver,
} from './contract.helpers.ts';
import { paystackDedicatedAccountFeeKobo } from './paystack.fees.ts';

describe('Paystack simulator: dedicated accounts and transfers', () => {
  let receiver: WebhookReceiver;
  let sim: RunningSimulator;
  let simulator: PaystackSimulator;
  let gateway: PaymentGateway;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ receiver, sim, simulator, gateway, close } = await startSimulatorWithWebhooks());
  });
  afterEach(async () => {
    await simulator.flush();
  });
  afterAll(async () => {
    await close();
  });

  it('creates a dedicated account and turns a simulated transfer into a dedicated_nuban charge.success', async () => {
    const email = `ada.${randomBytes(3).toString('hex')}@example.com`;
    const account = await gateway.createDedicatedAccount({
      email,
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '08031234567',
    });
    expect(account).toMatchObject({ bankName: 'Test Bank', accountName: 'QuickVend / Ada Obi' });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.customerCode).toMatch(/^CUS_/);
    expect(await gateway.createDedicatedAccount({ email, firstName: 'Ada', lastName: 'Obi' })).toEqual(
      account,
    );

    const customer = await fetch(`${sim.baseUrl}/customer/${account.customerCode}`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(await customer.json()).toMatchObject({
      status: true,
      data: { dedicated_account: { account_number: account.accountNumber, bank: { slug: 'test-bank' } } },
    });

    const response = await fetch(`${sim.baseUrl}/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account_number: account.accountNumber,
        amount: 500_000,
        sender_name: 'Chinedu Eze',
      }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { reference: string } };

    await simulator.flush();
    const [webhook] = receiver.forReference(data.reference);
    if (!webhook) throw new Error('no webhook arrived');
    expect(gateway.isValidWebhookSignature(webhook.raw, webhook.signature)).toBe(true);
    expect(gateway.readWebhookEvent(JSON.parse(webhook.raw.toString('utf8')))).toEqual({
      kind: 'charge.success',
      key: `charge.success:${data.reference}`,
      reference: data.reference,
      channel: 'dedicated_nuban',
      customerCode: account.customerCode,
      receiverAccountNumber: account.accountNumber,
    });
    expect(await gateway.verifyTransaction(data.reference)).toMatchObject({
      status: 'success',
      amountKobo: 500_000,
      feesKobo: paystackDedicatedAccountFeeKobo(kobo(500_000)),
      channel: 'dedicated_nuban',
      customerEmail: email,
      customerCode: account.customerCode,
      receiverAccountNumber: account.accountNumber,
      senderName: 'Chinedu Eze',
    });
  });

  it('simulates a transfer from its HTML form and refuses an unknown account', async () => {
    const account = await gateway.createDedicatedAccount({
      email: `bola.${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Bola',
      lastName: 'Ade',
    });
    const page = await fetch(`${sim.baseUrl}/simulate/transfer?account_number=${account.accountNumber}`);
    expect(await page.text()).toContain('QuickVend / Bola Ade');

    const sent = await post(`${sim.baseUrl}/simulate/transfer`, {
      account_number: account.accountNumber,
      amount_naira: '1,500',
      sender_name: 'Bola Ade',
    });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location') ?? '';
    const reference = new URL(location, sim.origin).searchParams.get('sent') ?? '';
    expect(await (await fetch(new URL(location, sim.origin))).text()).toContain('Transfer sent');
    expect(await gateway.verifyTransaction(reference)).toMatchObject({
      amountKobo: 150_000,
      status: 'success',
    });

    const unknown = await fetch(`${sim.baseUrl}/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: '0000000000', amount: 10_000 }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: false, message: 'Dedicated account not found' });
  });

  it('deactivates a dedicated account: its number then takes no transfer, and asking again is harmless', async () => {
    const account = await gateway.createDedicatedAccount({
      email: `chika.${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Chika',
      lastName: 'Nwosu',
    });
    await gateway.deactivateDedicatedAccount(account);

    const customer = await fetch(`${sim.baseUrl}/customer/${account.customerCode}`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(await customer.json()).toMatchObject({ status: true, data: { dedicated_account: null } });
    const refused = await fetch(`${sim.baseUrl}/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: account.accountNumber, amount: 10_000 }),
    });
    expect(refused.status).toBe(404);
    await expect(gateway.deactivateDedicatedAccount(account)).resolves.toBeUndefined();
    await expect(
      gateway.deactivateDedicatedAccount({ customerCode: 'CUS_nobody', accountNumber: '0000000000' }),
    ).resolves.toBeUndefined();
  });

  it('answers a deactivation by id as Paystack does, and 404 for an account it does not hold', async () => {
    const account = await gateway.createDedicatedAccount({
      email: `tunde.${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Tunde',
      lastName: 'Bakare',
    });
    const headers = { authorization: `Bearer ${SECRET}` };
    const found = (await (
      await fetch(`${sim.baseUrl}/customer/${account.customerCode}`, { headers })
    ).json()) as {
      data: { dedicated_account: { id: number } };
    };
    const url = `${sim.baseUrl}/dedicated_account/${found.data.dedicated_account.id}`;
    const deactivated = await fetch(url, { method: 'DELETE', headers });
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({
      status: true,
      message: 'Managed Account Successfully Unassigned',
      data: { account_number: account.accountNumber, active: false, assignment: { expired: true } },
    });
    const again = await fetch(url, { method: 'DELETE', headers });
    expect(again.status).toBe(404);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(401);
  });
});
