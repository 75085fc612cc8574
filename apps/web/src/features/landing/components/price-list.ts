/** The landing page's static price list (spec section 3), in whole naira, all valid 30 days. */
export const tvPrices = [
  {
    provider: 'DSTV',
    plans: [
      { name: 'Premium', naira: 21_000 },
      { name: 'Compact Plus', naira: 14_250 },
      { name: 'Compact', naira: 9_000 },
    ],
  },
  {
    provider: 'GOTV',
    plans: [
      { name: 'Max', naira: 4_150 },
      { name: 'Jolli', naira: 3_300 },
      { name: 'Smallie', naira: 1_100 },
    ],
  },
  {
    provider: 'Showmax',
    plans: [
      { name: 'Pro', naira: 6_300 },
      { name: 'Mobile', naira: 1_200 },
    ],
  },
] as const;

export const dataPrices = [
  { network: 'MTN', size: '1.5GB', naira: 500 },
  { network: 'Airtel', size: '3GB', naira: 1_000 },
  { network: 'Glo', size: '4.5GB', naira: 1_200 },
  { network: '9mobile', size: '2GB', naira: 700 },
] as const;

export const VALIDITY = '30 days';
