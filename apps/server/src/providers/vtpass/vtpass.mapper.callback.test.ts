import { describe, expect, it } from 'vitest';
import { toProviderCallback } from './vtpass.mapper.ts';

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
