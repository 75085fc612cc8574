import type { z } from 'zod';
import type { purchase } from '../../api/purchases.ts';
import type { RouteExamples } from './types.ts';

type Purchase = z.input<typeof purchase>;

// Values the sandbox answers (design/providers.md): 08011111111 is delivered, 201000000000 stays pending,
// smartcard 1212121212 belongs to "TEST METHOD".
const airtime: Purchase = {
  id: 'pur_01M8FSNT87N0B78DTFQHW0MPNM',
  requestId: 'shop-20261128-0001',
  serviceId: 'mtn',
  kind: 'airtime',
  serviceName: 'MTN Airtime',
  status: 'delivered',
  phone: '08011111111',
  billersCode: null,
  variationCode: null,
  planName: null,
  amountKobo: 10_000,
  amount: '100.00',
  chargedKobo: 10_000,
  charged: '100.00',
  refundedKobo: 0,
  refunded: '0.00',
  balanceAfterKobo: 490_000,
  token: null,
  pins: null,
  subscriptionType: null,
  quantity: null,
  discountKobo: 0,
  discount: '0.00',
  customerName: null,
  units: null,
  receiptLines: [],
  message: 'TRANSACTION SUCCESSFUL',
  resolveBy: null,
  transactionId: '17958265756997603584859720',
  providerRequestId: '202611280915nv2r0K0Xnj',
  createdAt: '2026-11-28T08:15:02.114Z',
  updatedAt: '2026-11-28T08:15:02.209Z',
};

const dstv: Purchase = {
  ...airtime,
  id: 'pur_01M8FSNTFQMX9JAQW5H9H64QEB',
  requestId: 'shop-20261128-0002',
  serviceId: 'dstv',
  kind: 'tv',
  serviceName: 'DSTV',
  billersCode: '1212121212',
  variationCode: 'dstv-padi',
  planName: 'DStv Padi N4,400',
  amountKobo: 440_000,
  amount: '4400.00',
  chargedKobo: 435_600,
  charged: '4356.00',
  balanceAfterKobo: 54_400,
  subscriptionType: 'change',
  discountKobo: 4_400,
  discount: '44.00',
  customerName: 'TEST METHOD',
  transactionId: '17958265759046035647319641',
  providerRequestId: '202611280916UCFNcppPZI',
  createdAt: '2026-11-28T08:16:40.863Z',
  updatedAt: '2026-11-28T08:16:40.921Z',
};

const pending: Purchase = {
  ...airtime,
  id: 'pur_01M8FSNTN1BZNEPMGFT0942N72',
  requestId: 'shop-20261128-0003',
  status: 'pending',
  phone: '201000000000',
  balanceAfterKobo: 44_400,
  message: 'TRANSACTION IS PROCESSING',
  resolveBy: '2026-11-28T08:47:56.033Z',
  transactionId: null,
  providerRequestId: '2026112809175pP7sLUEqw',
  createdAt: '2026-11-28T08:17:56.034Z',
  updatedAt: '2026-11-28T08:17:56.060Z',
};

const data: Purchase = {
  ...airtime,
  id: 'pur_01M8FT2B0Q4C6Y8JQ7XK2W9D3R',
  requestId: 'shop-20261128-0004',
  serviceId: 'mtn-data',
  kind: 'data',
  serviceName: 'MTN Data',
  variationCode: 'mtn-1gb-275',
  planName: 'MTN Data 1GB - 30 Days',
  amountKobo: 27_500,
  amount: '275.00',
  chargedKobo: 27_500,
  charged: '275.00',
  balanceAfterKobo: 16_900,
  providerRequestId: '202611280920Qm3TzW8pLk',
  createdAt: '2026-11-28T08:20:11.500Z',
  updatedAt: '2026-11-28T08:20:11.610Z',
};

export const purchaseExamples: RouteExamples = {
  'purchases.balance': [
    {
      title: 'A wallet holding ₦5,000.00',
      response: { status: 200, body: { balanceKobo: 500_000, balance: '5000.00', currency: 'NGN' } },
    },
  ],
  'purchases.verify': [
    {
      title: 'A DStv smartcard',
      body: { serviceId: 'dstv', billersCode: '1212121212' },
      response: {
        status: 200,
        body: {
          serviceId: 'dstv',
          billersCode: '1212121212',
          type: null,
          customerName: 'TEST METHOD',
          address: null,
          meterType: null,
          minimumAmountKobo: null,
          minimumAmount: null,
          maximumAmountKobo: null,
          maximumAmount: null,
          canVend: null,
          accountType: null,
          status: 'ACTIVE',
          dueDate: '2027-02-06T00:00:00',
          currentBouquet: 'DStv Compact N19,000',
          renewalAmountKobo: 1_900_000,
          renewalAmount: '19000.00',
        },
      },
    },
  ],
  'purchases.create': [
    {
      title: 'MTN airtime, ₦100.00, delivered',
      body: { requestId: 'shop-20261128-0001', serviceId: 'mtn', phone: '08011111111', amount: '100.00' },
      response: { status: 201, body: { purchase: airtime } },
    },
    {
      title: 'MTN data, 1GB plan',
      body: {
        requestId: 'shop-20261128-0004',
        serviceId: 'mtn-data',
        phone: '08011111111',
        variationCode: 'mtn-1gb-275',
      },
      response: { status: 201, body: { purchase: data } },
    },
    {
      title: 'DStv Padi bouquet for a smartcard',
      body: {
        requestId: 'shop-20261128-0002',
        serviceId: 'dstv',
        phone: '08011111111',
        billersCode: '1212121212',
        variationCode: 'dstv-padi',
        subscriptionType: 'change',
      },
      response: { status: 201, body: { purchase: dstv } },
    },
    {
      title: 'Still pending: ask again with GET /api/v1/purchases/{requestId}',
      body: { requestId: 'shop-20261128-0003', serviceId: 'mtn', phone: '201000000000', amount: 100 },
      response: { status: 201, body: { purchase: pending } },
    },
    {
      title: 'The same request sent again: the first purchase, not a second one',
      body: { requestId: 'shop-20261128-0001', serviceId: 'mtn', phone: '08011111111', amount: '100.00' },
      response: { status: 200, body: { purchase: airtime } },
    },
  ],
  'purchases.list': [
    {
      title: 'The two newest purchases, and the cursor to the next page',
      query: { limit: 2 },
      response: { status: 200, body: { purchases: [pending, dstv], nextCursor: dstv.id } },
    },
    {
      title: 'Only the pending ones',
      query: { status: 'pending' },
      response: { status: 200, body: { purchases: [pending], nextCursor: null } },
    },
  ],
  'purchases.get': [
    {
      title: 'A delivered airtime purchase',
      params: { requestId: 'shop-20261128-0001' },
      response: { status: 200, body: { purchase: airtime } },
    },
  ],
};
