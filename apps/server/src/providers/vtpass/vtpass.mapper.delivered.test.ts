import { describe, expect, it } from 'vitest';
import { extractToken, toKobo, toOutcome } from './vtpass.mapper.ts';
import { delivered, oldFlat } from './vtpass.mapper.fixtures.ts';

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
