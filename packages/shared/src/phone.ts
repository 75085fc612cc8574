export type Network = 'mtn' | 'glo' | 'airtel' | '9mobile';

export const NETWORKS: readonly { id: Network; label: string }[] = [
  { id: 'mtn', label: 'MTN' },
  { id: 'glo', label: 'GLO' },
  { id: 'airtel', label: 'Airtel' },
  { id: '9mobile', label: '9mobile' },
];

// Current numbering (the earlier app's table was older: 0707 and 0704 are MTN now, 0817 is 9mobile).
// 0702x sub-ranges belong to small operators, so they are matched on five digits and left unknown.
const PREFIXES: Record<Network, readonly string[]> = {
  mtn: [
    '07025',
    '07026',
    '0703',
    '0704',
    '0706',
    '0707',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  '9mobile': ['0809', '0817', '0818', '0908', '0909'],
};

const FIVE_DIGIT = new Map<string, Network>();
const FOUR_DIGIT = new Map<string, Network>();
for (const [network, prefixes] of Object.entries(PREFIXES) as [Network, readonly string[]][]) {
  for (const prefix of prefixes) (prefix.length === 5 ? FIVE_DIGIT : FOUR_DIGIT).set(prefix, network);
}

/**
 * Accepts `0803 123 4567`, `+2348031234567`, `2348031234567` and `08031234567`;
 * returns the 11-digit national form, or null when it is not a Nigerian mobile number.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  let national: string;
  if (/^\+?234\d{10}$/.test(compact)) national = `0${compact.slice(compact.startsWith('+') ? 4 : 3)}`;
  else if (/^\d{11}$/.test(compact)) national = compact;
  else return null;
  return /^0[789][01]\d{8}$/.test(national) ? national : null;
}

/** The network a number was issued on. Only a hint: numbers are portable, so users may override it. */
export function detectNetwork(input: string): Network | null {
  const phone = normalisePhone(input);
  if (!phone) return null;
  if (phone.startsWith('0702')) return FIVE_DIGIT.get(phone.slice(0, 5)) ?? null;
  return FOUR_DIGIT.get(phone.slice(0, 4)) ?? null;
}

export function networkPrefixes(network: Network): readonly string[] {
  return PREFIXES[network];
}
