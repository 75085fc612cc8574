import type { ApiKey } from '../../api/api-keys.ts';
import { kobo } from '../../money.ts';
import type { RouteExamples } from './types.ts';

const shopKey: ApiKey = {
  id: 'key_01M8FSNSXD6EWK4SMR3T5VB0FJ',
  name: 'My shop',
  mode: 'test',
  prefix: 'qv_test_Xd4R',
  allowedIps: ['203.0.113.7'],
  dailyLimitKobo: kobo(5_000_000),
  allowedServices: [],
  spentTodayKobo: kobo(120_000),
  createdAt: '2026-11-28T08:10:55.273Z',
  lastUsedAt: '2026-11-28T08:15:02.114Z',
  revokedAt: null,
};

export const catalogExamples: RouteExamples = {
  'catalog.services': [
    {
      title: 'Airtime, data and cable TV on sale',
      response: {
        status: 200,
        body: {
          services: [
            {
              id: 'mtn',
              kind: 'airtime',
              name: 'MTN Airtime',
              network: 'mtn',
              minimumKobo: 5_000,
              maximumKobo: 10_000_000,
              hasVariations: false,
              verification: null,
              discountBps: 0,
              apiDiscountBps: 0,
            },
            {
              id: 'mtn-data',
              kind: 'data',
              name: 'MTN Data',
              network: 'mtn',
              minimumKobo: null,
              maximumKobo: null,
              hasVariations: true,
              verification: null,
              discountBps: 0,
              apiDiscountBps: 0,
            },
            {
              id: 'dstv',
              kind: 'tv',
              name: 'DSTV',
              network: null,
              minimumKobo: null,
              maximumKobo: null,
              hasVariations: true,
              verification: 'smartcard',
              discountBps: 100,
              apiDiscountBps: 100,
            },
          ],
        },
      },
    },
  ],
  'catalog.variations': [
    {
      title: 'MTN data plans',
      params: { serviceId: 'mtn-data' },
      response: {
        status: 200,
        body: {
          variations: [
            {
              code: 'mtn-500mb-140',
              name: 'MTN Data 500MB - 30 Days',
              amountKobo: 14_000,
              amount: '140.00',
              priceKobo: 14_000,
              price: '140.00',
              apiPriceKobo: 14_000,
              apiPrice: '140.00',
              callerPriceKobo: 14_000,
              callerPrice: '140.00',
            },
            {
              code: 'mtn-1gb-275',
              name: 'MTN Data 1GB - 30 Days',
              amountKobo: 27_500,
              amount: '275.00',
              priceKobo: 27_500,
              price: '275.00',
              apiPriceKobo: 27_500,
              apiPrice: '275.00',
              callerPriceKobo: 27_500,
              callerPrice: '275.00',
            },
          ],
        },
      },
    },
  ],
};

export const keyExamples: RouteExamples = {
  'partners.list': [
    {
      title: 'One key, used from one address',
      response: { status: 200, body: { apiKeys: [shopKey] } },
    },
  ],
  'partners.create': [
    {
      title: 'A key for one server address (the key is shown only in this answer)',
      body: {
        name: 'My shop',
        password: 'your account password',
        pin: '4826',
        mode: 'test',
        allowedIps: ['203.0.113.7'],
        dailyLimitKobo: 5_000_000,
      },
      response: {
        status: 201,
        body: {
          apiKey: { ...shopKey, lastUsedAt: null, spentTodayKobo: kobo(0) },
          key: 'qv_test_Xd4RuUiGIwDM1E_NA-BqBteme1ebngpeRd3oLqkhsU',
        },
      },
    },
  ],
  'partners.updateLimits': [
    {
      title: 'At most ₦50,000.00 a day, airtime and data only',
      params: { id: shopKey.id },
      body: {
        password: 'your account password',
        pin: '4826',
        dailyLimitKobo: 5_000_000,
        allowedServices: [
          'mtn',
          'glo',
          'airtel',
          'etisalat',
          'mtn-data',
          'glo-data',
          'airtel-data',
          'etisalat-data',
        ],
      },
      response: {
        status: 200,
        body: {
          apiKey: {
            ...shopKey,
            allowedServices: [
              'mtn',
              'glo',
              'airtel',
              'etisalat',
              'mtn-data',
              'glo-data',
              'airtel-data',
              'etisalat-data',
            ],
          },
        },
      },
    },
  ],
  'partners.revoke': [
    {
      title: 'Revoked: the key stops working at once',
      params: { id: shopKey.id },
      response: { status: 200, body: { apiKey: { ...shopKey, revokedAt: '2026-11-28T10:02:41.000Z' } } },
    },
  ],
};

export const testBalanceExamples: RouteExamples = {
  'testBalance.get': [
    {
      title: 'What your test keys can spend',
      response: { status: 200, body: { balanceKobo: 500_000, balance: '5000.00', currency: 'NGN' } },
    },
  ],
  'testBalance.topUp': [
    {
      title: 'Free test money, with a test key (a live key is refused)',
      body: { amount: '5000' },
      response: { status: 200, body: { balanceKobo: 1_000_000, balance: '10000.00', currency: 'NGN' } },
    },
  ],
};

export const systemExamples: RouteExamples = {
  'system.meta': [
    {
      title: 'A sandbox server',
      response: {
        status: 200,
        body: {
          productName: 'QuickVend',
          mode: 'sandbox',
          minFundingKobo: 10_000,
          manualChargeKobo: 5_000,
          support: { phone: '0801 234 5678', email: 'support@example.com', whatsappUrl: null, links: [] },
        },
      },
    },
  ],
  'system.openApi': [
    {
      title: 'This document (cut short here)',
      response: { status: 200, body: { openapi: '3.1.0', info: { title: 'QuickVend API', version: '1' } } },
    },
  ],
};
