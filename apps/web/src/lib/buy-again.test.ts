import { describe, expect, it } from 'vitest';
import { aPurchase } from './testing/mock-api.ts';
import { amountParam, buyAgainPath, choiceParam, digitsParam, planParam } from './buy-again.ts';

function query(path: string | null): Record<string, string> {
  expect(path).not.toBeNull();
  const [, search = ''] = (path ?? '').split('?');
  return Object.fromEntries(new URLSearchParams(search));
}

describe('buyAgainPath', () => {
  it('opens airtime with the network, number and amount', () => {
    const path = buyAgainPath(
      aPurchase({ serviceId: 'etisalat', phone: '08091234567', amountKobo: 150_050 }),
    );
    expect(path?.startsWith('/airtime?')).toBe(true);
    expect(query(path)).toEqual({ network: '9mobile', phone: '08091234567', amount: '1500.50' });
    expect(query(buyAgainPath(aPurchase({ amountKobo: 50_000 })))).toMatchObject({ amount: '500' });
  });

  it('opens data with the network, number and plan', () => {
    const path = buyAgainPath(
      aPurchase({ serviceId: 'glo-data', kind: 'data', phone: '08051234567', variationCode: 'glo-1gb' }),
    );
    expect(path?.startsWith('/data?')).toBe(true);
    expect(query(path)).toEqual({ network: 'glo', phone: '08051234567', plan: 'glo-1gb' });
  });

  it('opens TV with the card and bouquet, and no bouquet for a renewal', () => {
    const change = buyAgainPath(
      aPurchase({
        serviceId: 'dstv',
        kind: 'tv',
        billersCode: '1212121212',
        variationCode: 'dstv-padi',
        subscriptionType: 'change',
      }),
    );
    expect(change?.startsWith('/dstv?')).toBe(true);
    expect(query(change)).toEqual({ card: '1212121212', plan: 'dstv-padi', phone: '08031234567' });
    const renew = buyAgainPath(
      aPurchase({
        serviceId: 'gotv',
        kind: 'tv',
        billersCode: '1212121212',
        variationCode: 'gotv-max',
        subscriptionType: 'renew',
      }),
    );
    expect(renew?.startsWith('/gotv?')).toBe(true);
    expect(query(renew)).toEqual({ card: '1212121212', phone: '08031234567' });
  });

  it('opens electricity with the distributor, meter, type, amount and phone', () => {
    const path = buyAgainPath(
      aPurchase({
        serviceId: 'ikeja-electric',
        kind: 'electricity',
        billersCode: '1111111111111',
        variationCode: 'postpaid',
        amountKobo: 200_000,
      }),
    );
    expect(path?.startsWith('/electricity?')).toBe(true);
    expect(query(path)).toEqual({
      disco: 'ikeja-electric',
      meter: '1111111111111',
      type: 'postpaid',
      amount: '2000',
      phone: '08031234567',
    });
  });

  it('opens exam PINs with the exam, plan, quantity and phone (the profile ID for JAMB)', () => {
    const waec = buyAgainPath(
      aPurchase({ serviceId: 'waec', kind: 'education', variationCode: 'waecdirect', quantity: 3 }),
    );
    expect(waec?.startsWith('/exam-pins?')).toBe(true);
    expect(query(waec)).toEqual({ exam: 'waec', plan: 'waecdirect', quantity: '3', phone: '08031234567' });
    const jamb = buyAgainPath(
      aPurchase({ serviceId: 'jamb', kind: 'education', variationCode: 'utme', billersCode: '0123456789' }),
    );
    expect(query(jamb)).toEqual({ exam: 'jamb', plan: 'utme', profile: '0123456789', phone: '08031234567' });
  });

  it('opens Showmax with the plan and phone', () => {
    const path = buyAgainPath(
      aPurchase({ serviceId: 'showmax', kind: 'tv', variationCode: 'full', phone: '08011111111' }),
    );
    expect(path?.startsWith('/showmax?')).toBe(true);
    expect(query(path)).toEqual({ plan: 'full', phone: '08011111111' });
  });

  it('has no page for a service the app does not sell', () => {
    expect(buyAgainPath(aPurchase({ serviceId: 'smile-direct' }))).toBeNull();
  });
});

describe('buy-again parameters', () => {
  it('leave a field empty for values that are not what the field takes', () => {
    const params = new URLSearchParams('phone=0803abc&amount=5e3&type=solar&card=1212&plan=');
    expect(digitsParam(params, 'phone')).toBe('');
    expect(digitsParam(params, 'card')).toBe('1212');
    expect(amountParam(params)).toBe('');
    expect(planParam(params)).toBe('');
    expect(choiceParam(params, 'type', ['prepaid', 'postpaid'], 'prepaid')).toBe('prepaid');
    expect(amountParam(new URLSearchParams('amount=1500.50'))).toBe('1500.50');
  });
});
