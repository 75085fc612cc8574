import { describe, expect, it } from 'vitest';
import {
  extractToken,
  toVerification,
  toKobo,
  toOutcome,
  toProviderCallback,
  toProviderServices,
  toProviderVariations,
  toRequeryOutcome,
  toStatus,
} from './vtpass.mapper.ts';
import { ProviderUnavailableError } from '../../modules/purchases/purchases.port.ts';
import { vtpassServicesResponse, vtpassVariationsResponse } from './vtpass.types.ts';

// providers.md §1.5, new envelope (2025 examples)
const delivered = {
  code: '000',
  content: {
    transactions: {
      status: 'delivered',
      product_name: 'DSTV Subscription',
      unique_element: '1212121212',
      unit_price: '1850',
      quantity: 1,
      service_verification: null,
      channel: 'api',
      commission: 27.75,
      total_amount: 1822.25,
      discount: null,
      type: 'TV Subscription',
      email: 'ada@example.com',
      phone: '08011111111',
      name: null,
      convinience_fee: 0,
      amount: '1850',
      platform: 'api',
      method: 'api',
      transactionId: '17416009779459629327738818',
      commission_details: { amount: 27.75, rate: '1.50', rate_type: 'percent', computation_type: 'default' },
    },
  },
  response_description: 'TRANSACTION SUCCESSFUL',
  requestId: '2025031011029125930',
  amount: 1850,
  transaction_date: '2025-03-10T10:02:57.000000Z',
  purchased_code: '',
};

// providers.md §1.5, old flat envelope (2019 airtime pages)
const oldFlat = {
  code: '000',
  response_description: 'TRANSACTION SUCCESSFUL',
  requestId: 'SAND0192837465738253A1HSD',
  transactionId: '1563873435424',
  amount: '50.00',
  transaction_date: { date: '2019-07-23 10:17:16.000000', timezone_type: 3, timezone: 'Africa/Lagos' },
  purchased_code: '',
};

const withStatus = (status: string, code = '000', description = 'TRANSACTION PROCESSED') => ({
  ...delivered,
  code,
  response_description: description,
  content: { transactions: { ...delivered.content.transactions, status } },
});

const FAILED_CODES = [
  '016',
  '091',
  '040',
  '010',
  '011',
  '012',
  '013',
  '017',
  '018',
  '019',
  '020',
  '021',
  '022',
  '023',
  '024',
  '025',
  '026',
  '027',
  '028',
  '030',
  '031',
  '032',
  '034',
  '035',
  '085',
  '087',
];
const PENDING_CODES = ['099', '044', '083', '089', '014', '015', '042', '999', ''];

describe('toOutcome: the response-code table of providers.md §1.6', () => {
  it.each(FAILED_CODES)('code %s is failed, with the code and VTpass text', (code) => {
    expect(toOutcome({ code, response_description: `TEXT ${code}` })).toEqual({
      status: 'failed',
      message: `TEXT ${code}`,
      code,
    });
  });

  it.each(PENDING_CODES)('code "%s" is pending (requery)', (code) => {
    expect(toOutcome({ code, response_description: 'X' })).toEqual({ status: 'pending', message: 'X', code });
  });

  it('never delivers on a failure code, whatever the status says', () => {
    expect(toOutcome(withStatus('delivered', '016', 'TRANSACTION FAILED'))).toMatchObject({
      status: 'failed',
      code: '016',
    });
    expect(toOutcome(withStatus('delivered', '099'))).toMatchObject({ status: 'pending', code: '099' });
  });

  it('reads a numeric code as its zero-padded string', () => {
    expect(toOutcome({ code: 16, response_description: 'TRANSACTION FAILED' })).toMatchObject({
      status: 'failed',
      code: '016',
    });
  });

  it('fills in a message when VTpass sends none', () => {
    expect(toOutcome({ code: '016', content: null })).toEqual({
      status: 'failed',
      message: 'TRANSACTION FAILED',
      code: '016',
    });
    expect(toOutcome({ code: '099' })).toEqual({
      status: 'pending',
      message: 'TRANSACTION IS PROCESSING',
      code: '099',
    });
  });

  it.each([
    ['null', null],
    ['a string', '<html>oops</html>'],
    ['an array', []],
    ['an object without a code', { response_description: 'TRANSACTION SUCCESSFUL' }],
    ['an object with a boolean code', { code: true }],
  ])('reads %s as pending', (_name, body) => {
    expect(toOutcome(body)).toEqual({
      status: 'pending',
      message: 'VTpass answered in an unexpected shape',
      code: null,
    });
  });
});

describe('toOutcome: code 000 and 001 by content.transactions.status (§1.7)', () => {
  it.each([
    ['delivered', 'delivered'],
    ['DELIVERED', 'delivered'],
    ['initiated', 'pending'],
    ['pending', 'pending'],
    ['resolved', 'pending'],
    ['reversed', 'failed'],
    ['failed', 'failed'],
    ['something-new', 'pending'],
  ])('status %s is %s', (status, expected) => {
    expect(toOutcome(withStatus(status)).status).toBe(expected);
    expect(toOutcome(withStatus(status, '001')).status).toBe(expected);
    expect(toStatus(status)).toBe(expected);
  });

  it('keeps the code on a pending or failed status', () => {
    expect(toOutcome(withStatus('reversed', '000', 'TRANSACTION REVERSED'))).toEqual({
      status: 'failed',
      message: 'TRANSACTION REVERSED',
      code: '000',
    });
  });

  it('reads a 000 without content as pending unless it says TRANSACTION SUCCESSFUL', () => {
    expect(toOutcome({ code: '000', response_description: 'TRANSACTION PROCESSED' })).toMatchObject({
      status: 'pending',
    });
    expect(toOutcome({ code: '000', content: null })).toMatchObject({ status: 'pending' });
  });
});

describe('toOutcome: delivered', () => {
  it('reads the new envelope: transactionId under content, cost from total_amount', () => {
    expect(toOutcome(delivered)).toEqual({
      status: 'delivered',
      message: 'TRANSACTION SUCCESSFUL',
      providerReference: '17416009779459629327738818',
      costKobo: 182_225,
      token: null,
      pins: null,
      units: null,
      receiptLines: [],
    });
  });

  it('reads the old flat envelope: transactionId at the top, no cost', () => {
    expect(toOutcome(oldFlat)).toEqual({
      status: 'delivered',
      message: 'TRANSACTION SUCCESSFUL',
      providerReference: '1563873435424',
      costKobo: null,
      token: null,
      pins: null,
      units: null,
      receiptLines: [],
    });
  });

  it.each([
    ['a string with 2 decimals', '1822.25', 182_225],
    ['a number', 1822.25, 182_225],
    ['a whole number', 97, 9_700],
    ['a string with a thousands comma', '7,700.00', 770_000],
    ['a computed float rounding down', 328.004, 32_800],
    ['a computed float rounding up', '328.005', 32_801],
  ])('reads total_amount as %s', (_name, total, costKobo) => {
    const body = {
      ...delivered,
      content: { transactions: { ...delivered.content.transactions, total_amount: total } },
    };
    expect(toOutcome(body)).toMatchObject({ status: 'delivered', costKobo });
  });

  it('reads a numeric transactionId and tolerates a content of the wrong type', () => {
    expect(toOutcome({ ...oldFlat, transactionId: 1563873435424, content: [] })).toMatchObject({
      status: 'delivered',
      providerReference: '1563873435424',
    });
  });

  it('reads an unreadable total_amount as an unknown cost, not a failure', () => {
    const body = {
      ...delivered,
      content: { transactions: { ...delivered.content.transactions, total_amount: 'n/a' } },
    };
    expect(toOutcome(body)).toMatchObject({ status: 'delivered', costKobo: null });
  });

  it.each([
    [
      'Ikeja (Token : …, and token repeats it)',
      { purchased_code: 'Token : 26362054405982757802', token: 'Token : 26362054405982757802' },
      '26362054405982757802',
    ],
    [
      'Eko (dash-grouped, then a bonus token)',
      {
        purchased_code: 'Token : 1234-5678-9012-3456-7890 Bonus Token : 99998888777766665555',
        mainToken: '12345678901234567890',
      },
      '12345678901234567890',
    ],
    [
      'Kano (capitalised Token field only)',
      { purchased_code: '', Token: '5544 3322 1100 9988 7766' },
      '55443322110099887766',
    ],
    [
      'Token: with no space before the colon',
      { purchased_code: 'Token: 35419981304203731832' },
      '35419981304203731832',
    ],
    [
      'Eko (mainToken only)',
      { purchased_code: '', mainToken: '0101-2020-3030-4040-5050' },
      '01012020303040405050',
    ],
    ['a postpaid sale', { purchased_code: '' }, null],
    ['a token amount that is not a token', { purchased_code: 'Token Amount: 500' }, null],
  ])('extracts the electricity token for %s', (_name, extras, token) => {
    expect(toOutcome({ ...delivered, ...extras })).toMatchObject({ status: 'delivered', token, pins: null });
  });

  it('extracts WAEC result checker cards as serial and PIN', () => {
    const body = {
      ...delivered,
      purchased_code: 'Serial No:WRN182355870, pin: 373820665250',
      cards: [
        { Serial: 'WRN182355870', Pin: '373820665250' },
        { Serial: 'WRN182355871', Pin: 373820665251 },
      ],
    };
    expect(toOutcome(body)).toMatchObject({
      token: null,
      pins: [
        { serial: 'WRN182355870', pin: '373820665250' },
        { serial: 'WRN182355871', pin: '373820665251' },
      ],
    });
  });

  it('extracts WAEC registration tokens as PINs, not as an electricity token', () => {
    const body = {
      ...delivered,
      purchased_code: 'Token: 0100070365657400875',
      tokens: ['0100070365657400875'],
    };
    expect(toOutcome(body)).toMatchObject({
      token: null,
      pins: [{ serial: null, pin: '0100070365657400875' }],
    });
  });

  it.each([
    ['Ikeja', { units: '79.9 kWh' }, '79.9 kWh'],
    ['Eko', { mainTokenUnits: 41.3 }, '41.3'],
    ['Kano', { Units: '12.5 kWh' }, '12.5 kWh'],
    ['a postpaid sale', {}, null],
  ])('reads the units %s writes', (_name, extras, units) => {
    expect(toOutcome({ ...delivered, purchased_code: '', ...extras })).toMatchObject({ units });
  });

  it('keeps the receipt lines a distributor sends, in receipt order, and skips empty ones', () => {
    const body = {
      ...delivered,
      purchased_code: '',
      exchangeReference: '123456',
      customerName: 'TESTMETER2',
      customerAddress: 'ADEKUNLE - IKEJA',
      meterNumber: null,
      utilityName: 'Ikeja Electric',
      balance: '',
    };
    expect(toOutcome(body)).toMatchObject({
      receiptLines: [
        { label: 'Customer', value: 'TESTMETER2' },
        { label: 'Address', value: 'ADEKUNLE - IKEJA' },
        { label: 'Distributor', value: 'Ikeja Electric' },
        { label: 'Reference', value: '123456' },
      ],
    });
  });

  it('keeps a TV or Showmax code as a receipt line, but never repeats a token or PIN there', () => {
    expect(toOutcome({ ...delivered, purchased_code: 'Voucher: SMX123' })).toMatchObject({
      receiptLines: [{ label: 'Code', value: 'Voucher: SMX123' }],
    });
    expect(toOutcome({ ...delivered, purchased_code: 'Token : 26362054405982757802' })).toMatchObject({
      receiptLines: [],
    });
  });

  it('extracts a JAMB PIN from Pin', () => {
    const body = { ...delivered, purchased_code: 'Pin : 3678251321392432', Pin: 'Pin : 3678251321392432' };
    expect(toOutcome(body)).toMatchObject({ pins: [{ serial: null, pin: '3678251321392432' }] });
  });
});

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

describe('extractToken', () => {
  it.each([
    ['Token : 2636 2054 4059 8275 7802', '26362054405982757802'],
    ['token:1234567890', '1234567890'],
    ['26362054405982757802', '26362054405982757802'],
    ['Units: 79.9 kWh', null],
    ['Token : 123', null],
    [null, null],
  ])('reads %s as %s', (text, token) => {
    expect(extractToken(text)).toBe(token);
  });
});

describe('toKobo', () => {
  it.each([
    ['50', 5_000],
    [50, 5_000],
    ['100000', 10_000_000],
    ['0.5', 50],
    [48.5, 4_850],
    ['', null],
    ['abc', null],
    ['-5', null],
    [null, null],
    [undefined, null],
  ])('reads %s as %s', (value, expected) => {
    expect(toKobo(value)).toBe(expected);
  });
});

describe('toRequeryOutcome', () => {
  it('reads 015 as unknown', () => {
    expect(toRequeryOutcome({ code: '015', response_description: 'INVALID REQUEST ID' })).toEqual({
      status: 'unknown',
    });
  });

  it.each(['087', '085', '011', '021', '027', '028'])(
    'reads %s as pending: it refuses the query, not the sale',
    (code) => {
      expect(toRequeryOutcome({ code, response_description: 'NO' })).toEqual({
        status: 'pending',
        message: 'NO',
        code,
      });
    },
  );

  it('reads the sale status like a purchase answer', () => {
    expect(toRequeryOutcome(delivered)).toMatchObject({ status: 'delivered' });
    expect(toRequeryOutcome(withStatus('pending'))).toMatchObject({ status: 'pending', code: '000' });
    expect(toRequeryOutcome({ code: '016', content: { transactions: { status: 'failed' } } })).toMatchObject({
      status: 'failed',
      code: '016',
    });
    expect(toRequeryOutcome(withStatus('reversed', '040'))).toMatchObject({ status: 'failed', code: '040' });
    expect(toRequeryOutcome('not json')).toMatchObject({ status: 'pending', code: null });
  });
});

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
});

describe('toProviderCallback', () => {
  it.each([
    [
      'a transaction update',
      { type: 'transaction-update', data: { code: '000', requestId: '202503101102abcdefghij' } },
      { type: 'transaction-update', requestId: '202503101102abcdefghij' },
    ],
    [
      'a reversal',
      {
        type: 'transaction-update',
        data: {
          code: '040',
          content: { transactions: { status: 'reversed', wallet_credit_id: 1 } },
          response_description: 'TRANSACTION REVERSAL TO WALLET',
          amount: 48.5,
          requestId: '202503101102zzzzzzzzzz',
        },
      },
      { type: 'transaction-update', requestId: '202503101102zzzzzzzzzz' },
    ],
    [
      'a variations update',
      {
        type: 'variations-update',
        serviceID: 'mtn-data',
        data: { response_description: '000', content: {} },
      },
      { type: 'variations-update', serviceId: 'mtn-data' },
    ],
    [
      'a variations update naming the service only in data',
      { type: 'variations-update', data: { content: { serviceID: 'gotv' } } },
      { type: 'variations-update', serviceId: 'gotv' },
    ],
    [
      'a transaction update without a request id',
      { type: 'transaction-update', data: {} },
      { type: 'ignored' },
    ],
    ['another type', { type: 'something-else', data: {} }, { type: 'ignored' }],
    ['garbage', 'hello', { type: 'ignored' }],
  ])('reads %s', (_name, body, expected) => {
    expect(toProviderCallback(body)).toEqual(expected);
  });
});
