export type ProductKind = 'airtime' | 'data' | 'tv' | 'electricity' | 'education';

export type SimVariation = { code: string; name: string; naira: number; isFixedPrice: boolean };

export type SimService = {
  serviceId: string;
  name: string;
  identifier: 'airtime' | 'data' | 'tv-subscription' | 'electricity-bill' | 'education';
  kind: ProductKind;
  productType: 'flexible' | 'fix';
  /** As VTpass sends them: sometimes strings, sometimes numbers (providers.md §1.4). */
  minimumAmount: string | number;
  maximumAmount: string | number;
  transactionType: string;
  variations: readonly SimVariation[];
};

const days30 = (label: string) => `${label} - 30 Days`;

const plans = (
  network: string,
  prefix: string,
  list: readonly (readonly [size: string, naira: number, monthly?: boolean])[],
): SimVariation[] =>
  list.map(([size, naira, monthly]) => ({
    code: `${prefix}-${size.toLowerCase()}-${naira}`,
    name: days30(`${network} Data ${size}${monthly ? ' Monthly' : ''}`),
    naira,
    isFixedPrice: true,
  }));

const fixed = (code: string, name: string, naira: number): SimVariation => ({
  code,
  name,
  naira,
  isFixedPrice: true,
});

// product-spec §3 "Data Pricing page lists"; 9mobile is not shown there, so its list follows the same scale
const MTN_DATA = plans('MTN', 'mtn', [
  ['500MB', 140],
  ['1GB', 275],
  ['2GB', 550],
  ['3GB', 825],
  ['5GB', 1375],
  ['10GB', 2750],
  ['12GB', 3840, true],
  ['20GB', 5280, true],
]);
const GLO_DATA = plans('Glo', 'glo', [
  ['500MB', 145],
  ['1GB', 280],
  ['2GB', 560],
  ['3GB', 840],
  ['5GB', 1400],
]);
const AIRTEL_DATA = plans('Airtel', 'airtel', [
  ['500MB', 150],
  ['1GB', 295],
  ['2GB', 590],
  ['5GB', 1475],
  ['10GB', 2950],
]);
const NINE_MOBILE_DATA = plans('9mobile', 'eti', [
  ['500MB', 150],
  ['1GB', 300],
  ['2GB', 600],
  ['3GB', 900],
  ['5GB', 1500],
  ['10GB', 3000],
]);

const DSTV = [
  fixed('dstv-padi', 'DStv Padi N4,400', 4400),
  fixed('dstv-yanga', 'DStv Yanga N6,000', 6000),
  fixed('dstv-confam', 'DStv Confam N11,000', 11_000),
  fixed('dstv79', 'DStv Compact N19,000', 19_000),
  fixed('dstv7', 'DStv Compact Plus N30,000', 30_000),
  fixed('dstv3', 'DStv Premium N44,500', 44_500),
];
const GOTV = [
  fixed('gotv-smallie', 'GOtv Smallie N1,900', 1900),
  fixed('gotv-jinja', 'GOtv Jinja N3,900', 3900),
  fixed('gotv-jolli', 'GOtv Jolli N5,800', 5800),
  fixed('gotv-max', 'GOtv Max N8,500', 8500),
  fixed('gotv-supa', 'GOtv Supa N11,400', 11_400),
  fixed('gotv-supa-plus', 'GOtv Supa Plus N16,800', 16_800),
];
const STARTIMES = [
  fixed('nova', 'Nova - 1 Month', 2100),
  fixed('basic', 'Basic - 1 Month', 4000),
  fixed('smart', 'Smart - 1 Month', 5100),
  fixed('classic', 'Classic - 1 Month', 6000),
  fixed('super', 'Super - 1 Month', 9800),
];
const SHOWMAX = [
  fixed('mobile_only_1', 'Showmax Mobile - 1 Month', 1600),
  fixed('full_1', 'Showmax - 1 Month', 3500),
  fixed('sports-mobile-1', 'Showmax Premier League Mobile - 1 Month', 3200),
  fixed('mobile_only_3', 'Showmax Mobile - 3 Months', 3800),
  fixed('full_3', 'Showmax - 3 Months', 8400),
];
const METER_TYPES: SimVariation[] = [
  { code: 'prepaid', name: 'Prepaid', naira: 0, isFixedPrice: false },
  { code: 'postpaid', name: 'Postpaid', naira: 0, isFixedPrice: false },
];

const airtime = (
  serviceId: string,
  name: string,
  min: string | number,
  max: string | number,
): SimService => ({
  serviceId,
  name,
  identifier: 'airtime',
  kind: 'airtime',
  productType: 'flexible',
  minimumAmount: min,
  maximumAmount: max,
  transactionType: 'Airtime Recharge',
  variations: [],
});

const data = (serviceId: string, name: string, variations: readonly SimVariation[]): SimService => ({
  serviceId,
  name,
  identifier: 'data',
  kind: 'data',
  productType: 'fix',
  minimumAmount: '1',
  maximumAmount: 1_000_000,
  transactionType: 'Data Services',
  variations,
});

const tv = (serviceId: string, name: string, variations: readonly SimVariation[]): SimService => ({
  serviceId,
  name,
  identifier: 'tv-subscription',
  kind: 'tv',
  productType: 'fix',
  minimumAmount: '1',
  maximumAmount: '1000000',
  transactionType: 'TV Subscription',
  variations,
});

const disco = (serviceId: string, name: string): SimService => ({
  serviceId,
  name,
  identifier: 'electricity-bill',
  kind: 'electricity',
  productType: 'flexible',
  minimumAmount: '500',
  maximumAmount: 500_000,
  transactionType: 'Electricity Bill',
  variations: METER_TYPES,
});

const exam = (serviceId: string, name: string, variations: readonly SimVariation[]): SimService => ({
  serviceId,
  name,
  identifier: 'education',
  kind: 'education',
  productType: 'fix',
  minimumAmount: 1,
  maximumAmount: '100000',
  transactionType: 'Education',
  variations,
});

/** The products of providers.md §1.8 and §4. */
export const SERVICES: readonly SimService[] = [
  airtime('mtn', 'MTN Airtime VTU', '50', '100000'),
  airtime('glo', 'GLO Airtime', 50, 100_000),
  airtime('airtel', 'Airtel Airtime VTU', '50', 100_000),
  airtime('etisalat', '9mobile Airtime VTU', 50, '100000'),
  data('mtn-data', 'MTN Data', MTN_DATA),
  data('glo-data', 'GLO Data', GLO_DATA),
  data('airtel-data', 'Airtel Data', AIRTEL_DATA),
  data('etisalat-data', '9mobile Data', NINE_MOBILE_DATA),
  tv('dstv', 'DSTV Subscription', DSTV),
  tv('gotv', 'Gotv Payment', GOTV),
  tv('startimes', 'Startimes Subscription', STARTIMES),
  tv('showmax', 'ShowMax', SHOWMAX),
  disco('ikeja-electric', 'Ikeja Electric Payment - IKEDC'),
  disco('eko-electric', 'Eko Electric Payment - EKEDC'),
  disco('abuja-electric', 'Abuja Electricity Distribution Company- AEDC'),
  disco('kano-electric', 'KEDCO - Kano Electric'),
  disco('portharcourt-electric', 'PHED - Port Harcourt Electric'),
  disco('jos-electric', 'Jos Electric - JED'),
  disco('ibadan-electric', 'IBEDC - Ibadan Electricity Distribution Company'),
  disco('kaduna-electric', 'Kaduna Electric - KAEDCO'),
  disco('enugu-electric', 'Enugu Electric - EEDC'),
  disco('benin-electric', 'Benin Electricity - BEDC'),
  disco('aba-electric', 'Aba Electric Payment - ABEDC'),
  disco('yola-electric', 'Yola Electric Disco Payment - YEDC'),
  exam('waec', 'WAEC Result Checker PIN', [fixed('waecdirect', 'WASSCE', 3900)]),
  exam('waec-registration', 'WAEC Registration PIN', [
    fixed('waec-registraion', 'WASSCE for School Candidate', 14_450),
  ]),
  exam('jamb', 'JAMB PIN VENDING (UTME & Direct Entry)', [
    fixed('utme-mock', 'UTME PIN (with mock)', 7700),
    fixed('utme-no-mock', 'UTME PIN (without mock)', 6200),
  ]),
];

export const SERVICES_BY_ID = new Map(SERVICES.map((service) => [service.serviceId, service]));

export const CATEGORIES = [
  { identifier: 'airtime', name: 'Airtime Recharge' },
  { identifier: 'data', name: 'Data Services' },
  { identifier: 'tv-subscription', name: 'TV Subscription' },
  { identifier: 'electricity-bill', name: 'Electricity Bill' },
  { identifier: 'education', name: 'Education' },
] as const;
