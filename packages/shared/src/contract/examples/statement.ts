import type { RouteExamples } from './types.ts';

export const statementExamples: RouteExamples = {
  'wallet.periodStatement': [
    {
      title: 'A day: a funding, a purchase and a refund, to the kobo',
      query: { from: '2026-11-27', to: '2026-11-27', limit: 100 },
      response: {
        status: 200,
        body: {
          from: '2026-11-26T23:00:00.000Z',
          to: '2026-11-27T23:00:00.000Z',
          openingBalanceKobo: 150_000,
          openingBalance: '1500.00',
          closingBalanceKobo: 640_000,
          closingBalance: '6400.00',
          lines: [
            {
              id: 90_211,
              time: '2026-11-27T08:02:11.000Z',
              kind: 'funding.transfer',
              description: 'Bank transfer',
              amountKobo: 500_000,
              amount: '5000.00',
              balanceAfterKobo: 650_000,
              balanceAfter: '6500.00',
              belongsTo: { funding: { reference: 'QV-TRF-8K2M4Q', method: 'transfer' } },
            },
            {
              id: 90_245,
              time: '2026-11-27T09:15:40.000Z',
              kind: 'purchase.hold',
              description: 'MTN Airtime 08011111111',
              amountKobo: -10_000,
              amount: '-100.00',
              balanceAfterKobo: 640_000,
              balanceAfter: '6400.00',
              belongsTo: { purchase: { requestId: 'order-1001', id: 'pur_01M8FT9Y3N', serviceId: 'mtn' } },
            },
          ],
          nextCursor: null,
        },
      },
    },
  ],
  'wallet.periodStatementCsv': [
    {
      title: 'The same period as a spreadsheet',
      query: { from: '2026-11-01', to: '2026-11-27' },
      response: {
        status: 200,
        body:
          'Date (Lagos),Description,Kind,Amount (NGN),Amount (kobo),Line id,Time (UTC),Balance after (NGN),' +
          'Balance after (kobo),Request id,Purchase id,Funding reference\n' +
          '2026-11-27 10:15,MTN Airtime 08011111111,purchase.hold,-100.00,-10000,90245,' +
          '2026-11-27T09:15:40.000Z,6400.00,640000,order-1001,pur_01M8FT9Y3N,\n',
      },
    },
  ],
};
