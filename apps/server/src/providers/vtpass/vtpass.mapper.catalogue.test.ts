import { describe, expect, it } from 'vitest';
import { toProviderServices, toProviderVariations } from './vtpass.mapper.ts';
import { vtpassServicesResponse, vtpassVariationsResponse } from './vtpass.types.ts';

describe('toProviderVariations', () => {
  const item = (code: string, amount: string | number, fixedPrice = 'Yes') => ({
    variation_code: code,
    name: `Plan ${code}`,
    variation_amount: amount,
    fixedPrice,
  });

  it('reads variations, in kobo, with string and number amounts', () => {
    const body = vtpassVariationsResponse.parse({
      response_description: '000',
      content: {
        ServiceName: 'MTN Data',
        serviceID: 'mtn-data',
        convinience_fee: '0 %',
        variations: [item('mtn-1gb-275', '275.00'), item('mtn-2gb-550', 550), item('prepaid', '0', 'No')],
        varations: [item('ignored', '1.00')],
      },
    });
    expect(toProviderVariations(body)).toEqual([
      { code: 'mtn-1gb-275', name: 'Plan mtn-1gb-275', amountKobo: 27_500, isFixedPrice: true },
      { code: 'mtn-2gb-550', name: 'Plan mtn-2gb-550', amountKobo: 55_000, isFixedPrice: true },
      { code: 'prepaid', name: 'Plan prepaid', amountKobo: 0, isFixedPrice: false },
    ]);
  });

  it('falls back to the misspelt varations of the older pages and skips unreadable prices', () => {
    const body = vtpassVariationsResponse.parse({
      response_description: '000',
      content: {
        ServiceName: 'GOtv',
        serviceID: 'gotv',
        varations: [item('gotv-max', '3600.00'), item('odd', 'n/a')],
      },
    });
    expect(toProviderVariations(body)).toEqual([
      { code: 'gotv-max', name: 'Plan gotv-max', amountKobo: 360_000, isFixedPrice: true },
    ]);
  });
});

describe('toProviderServices', () => {
  it('reads minimium_amount and maximum_amount as strings or numbers', () => {
    const { content } = vtpassServicesResponse.parse({
      response_description: '000',
      content: [
        { serviceID: 'mtn', name: 'MTN Airtime VTU', minimium_amount: '50', maximum_amount: 100000 },
        { serviceID: 'glo', name: 'GLO Airtime', minimium_amount: 50, maximum_amount: '100000' },
        { serviceID: 'odd', name: 'Odd', minimium_amount: null },
      ],
    });
    expect(toProviderServices(content)).toEqual([
      { serviceId: 'mtn', name: 'MTN Airtime VTU', minimumKobo: 5_000, maximumKobo: 10_000_000 },
      { serviceId: 'glo', name: 'GLO Airtime', minimumKobo: 5_000, maximumKobo: 10_000_000 },
      { serviceId: 'odd', name: 'Odd', minimumKobo: null, maximumKobo: null },
    ]);
  });

  it.each([
    ['a percentage', { rate: '1.50', rate_type: 'percent' }, { commissionBps: 150 }],
    ['a percentage sent as a number', { rate: 3, rate_type: 'percent' }, { commissionBps: 300 }],
    ['a flat amount (not a rate)', { rate: '20', rate_type: 'flat' }, {}],
    ['an unreadable rate', { rate: 'n/a', rate_type: 'percent' }, {}],
    ['a rate of 100% or more', { rate: '100', rate_type: 'percent' }, {}],
  ])('reads the commission rate of the catalogue when given: %s', (_name, details, expected) => {
    const { content } = vtpassServicesResponse.parse({
      response_description: '000',
      content: [{ serviceID: 'dstv', name: 'DSTV', commission_details: details }],
    });
    expect(toProviderServices(content)).toEqual([
      { serviceId: 'dstv', name: 'DSTV', minimumKobo: null, maximumKobo: null, ...expected },
    ]);
  });
});
