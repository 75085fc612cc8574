import { describe, expect, it } from 'vitest';
import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { toOutcome, toRequeryOutcome, toStatus } from './vtpass.mapper.ts';
import { delivered, withStatus } from './vtpass.mapper.fixtures.ts';

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
// our float, our account or the biller is out: the customer never reads VTpass's words for these
const OUTAGE_CODES = ['018', '021', '022', '023', '024', '027', '028', '030', '034', '035', '087'];
const PENDING_CODES = ['099', '044', '083', '089', '014', '015', '042', '999', ''];

describe('toOutcome: the response-code table of providers.md §1.6', () => {
  it.each(FAILED_CODES.filter((code) => !OUTAGE_CODES.includes(code)))(
    'code %s is failed, with the code and VTpass text',
    (code) => {
      expect(toOutcome({ code, response_description: `TEXT ${code}` })).toEqual({
        status: 'failed',
        message: `TEXT ${code}`,
        code,
      });
    },
  );

  it.each(OUTAGE_CODES)('code %s (a float, account or biller outage) is failed, in plain words', (code) => {
    expect(toOutcome({ code, response_description: 'LOW WALLET BALANCE' })).toEqual({
      status: 'failed',
      message: 'This service is temporarily unavailable. Please retry later.',
      code,
    });
    expect(partnerLimitTexts.serviceUnavailable).toBe(
      'This service is temporarily unavailable. Please retry later.',
    );
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
