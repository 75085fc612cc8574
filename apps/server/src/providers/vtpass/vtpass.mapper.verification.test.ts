import { describe, expect, it } from 'vitest';
import { toVerification } from './vtpass.mapper.ts';
import { ProviderUnavailableError } from '../../modules/purchases/purchases.port.ts';

describe('toVerification (merchant-verify)', () => {
  it('reads a smartcard with its bouquet and renewal amount', () => {
    const body = {
      code: '000',
      content: {
        Customer_Name: 'TEST METHOD',
        Status: 'ACTIVE',
        Due_Date: '2025-02-06T00:00:00',
        Current_Bouquet: 'DStv Compact',
        Renewal_Amount: '19000.00',
      },
    };
    expect(toVerification(body)).toEqual({
      status: 'verified',
      customer: {
        customerName: 'TEST METHOD',
        address: null,
        meterType: null,
        minimumKobo: null,
        maximumKobo: null,
        canVend: null,
        accountType: null,
        status: 'ACTIVE',
        dueDate: '2025-02-06T00:00:00',
        currentBouquet: 'DStv Compact',
        renewalKobo: 1_900_000,
      },
    });
  });

  it('reads a meter, preferring its own minimum to the general one', () => {
    const body = {
      code: '000',
      content: {
        Customer_Name: 'TESTMETER1',
        Address: 'ABULE - ABULE',
        Minimum_Amount: 500,
        Min_Purchase_Amount: '1000',
        MAX_Purchase_Amount: 200000,
        Can_Vend: 'no',
        Meter_Type: 'PREPAID',
        WrongBillersCode: false,
      },
    };
    expect(toVerification(body)).toMatchObject({
      status: 'verified',
      customer: { minimumKobo: 100_000, maximumKobo: 20_000_000, canVend: false, meterType: 'PREPAID' },
    });
  });

  it.each([
    [
      'a wrong meter',
      { code: '000', content: { WrongBillersCode: true, error: 'Meter not valid' } },
      'Meter not valid',
    ],
    [
      'a bad smartcard',
      {
        code: '011',
        response_description: 'INVALID ARGUMENTS',
        content: { error: 'Invalid Smartcard Number' },
      },
      'Invalid Smartcard Number',
    ],
    ['a success with no name', { code: '000', content: {} }, /could not verify/],
    ['an unreadable body', '<html>', /could not verify/],
  ])('refuses %s', (_name, body, message) => {
    const outcome = toVerification(body);
    expect(outcome.status).toBe('rejected');
    expect(outcome.status === 'rejected' && outcome.message).toMatch(message);
  });

  it('throws on our own account problems rather than blaming the customer', () => {
    expect(() => toVerification({ code: '087', response_description: 'INVALID CREDENTIALS' })).toThrow(
      ProviderUnavailableError,
    );
  });
});
