import fc from 'fast-check';
import { raw, type Field, type JsonType, type RawJson } from './fuzz-json.ts';

const LONG = 10_000;

/** Strings PostgreSQL cannot store as they are: U+0000 anywhere, a surrogate without its pair (in JSON). */
export const UNSTORABLE_STRINGS: readonly string[] = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d'];

/** Strings no field should choke on: odd unicode, control characters, injection look-alikes, sizes. */
export const ODD_STRINGS: readonly (string | RawJson)[] = [
  '',
  ' ',
  '\t\n\r ',
  '\u200f\u202eevil\u202c',
  '\u202e',
  '\ufeff',
  '😀💸🇳🇬👨‍👩‍👧',
  'e\u0301\u0301\u0301\u0301',
  '\u0001\u001f\u007f',
  "' OR '1'='1",
  "1'; DROP TABLE users;--",
  '$1',
  '%00',
  '%s%n',
  '\\',
  '"',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Ω≈ç√∫˜µ≤≥÷',
  '٠٨٠٣١٢٣٤٥٦٧',
  raw(JSON.stringify('a'.repeat(LONG)), `"a" × ${LONG}`),
  raw(JSON.stringify('😀'.repeat(LONG / 2)), `"😀" × ${LONG / 2}`),
  raw(JSON.stringify(' '.repeat(LONG)), `" " × ${LONG}`),
];

/** Amounts that are never a sum of money: negative, zero, sub-kobo, past a double, not ASCII digits. */
export const BAD_AMOUNT_STRINGS: readonly string[] = [
  '-1',
  '-0.01',
  '₦-100',
  ' -100 ',
  '0',
  '0.00',
  '0.001',
  '100.005',
  'NGN 0.001',
  '1e309',
  '1e3',
  '-1e309',
  '99999999999999999999',
  '9999999999999',
  '１００',
  '١٠٠',
  '0x64',
  'Infinity',
  'NaN',
  '1 000',
  '100 naira',
  '',
  '   ',
];

export const BAD_NUMBERS: readonly (number | RawJson)[] = [
  -1,
  -0.01,
  -100,
  0,
  -0,
  0.001,
  1.5,
  100.005,
  1.5e-7,
  1e21,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  raw('1e309'),
  raw('-1e309'),
  raw('9007199254740993'),
  raw('1E400'),
  raw('0.00000000000000000000000001'),
];

const takesNumbers = (field: Field) => field.types.includes('number') || field.types.includes('integer');
const takesStrings = (field: Field) => field.types.includes('string') || field.types.length === 0;

/** Every value of the field's own type that is wrong in itself. */
export function badValueList(field: Field): readonly unknown[] {
  const strings = [...UNSTORABLE_STRINGS, ...ODD_STRINGS, ...BAD_AMOUNT_STRINGS];
  if (takesNumbers(field) && takesStrings(field)) return [...BAD_AMOUNT_STRINGS, ...BAD_NUMBERS, ...strings];
  if (takesNumbers(field)) return BAD_NUMBERS;
  return strings;
}

/** Short random strings: they may be digits, so never where a number could be read from them. */
const randomStrings = fc.string({ unit: 'binary', maxLength: 24 });

export const oddStrings: fc.Arbitrary<string | RawJson> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
  { weight: 6, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: randomStrings },
);

export const badAmountStrings: fc.Arbitrary<string> = fc.constantFrom(...BAD_AMOUNT_STRINGS);
export const badNumbers: fc.Arbitrary<number | RawJson> = fc.constantFrom(...BAD_NUMBERS);

const deepObject = raw(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`, '{"a":…} × 1000');
const deepArray = raw(`${'['.repeat(1000)}${']'.repeat(1000)}`, '[…] × 1000');
const wideObject = raw(`{${Array.from({ length: 2000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, '{k0…k1999}');

const valuesOfType: Record<Exclude<JsonType, 'integer'>, fc.Arbitrary<unknown>> = {
  string: fc.oneof(oddStrings, badAmountStrings),
  number: badNumbers,
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.oneof(
    fc.constantFrom([], [null], ['100'], [[[]]], deepArray),
    fc.array(fc.jsonValue({ maxDepth: 2 })),
  ),
  object: fc.oneof(fc.constantFrom({}, { $gt: '' }, { amount: '100' }, deepObject, wideObject), fc.object()),
};

/** Values of every JSON type a field does not take. */
export function wrongTypeValues(field: Field): fc.Arbitrary<unknown> | null {
  const wrong = (Object.keys(valuesOfType) as (keyof typeof valuesOfType)[]).filter(
    (type) => !field.types.includes(type) && !(type === 'number' && takesNumbers(field)),
  );
  if (field.types.length === 0 || wrong.length === 0) return null;
  return fc.oneof(...wrong.map((type) => valuesOfType[type]));
}

/** Values of the field's own type that are wrong in themselves (random text only where no number is read). */
export function badValues(field: Field): fc.Arbitrary<unknown> {
  const listed = fc.constantFrom(...badValueList(field));
  return takesNumbers(field)
    ? listed
    : fc.oneof({ weight: 8, arbitrary: listed }, { weight: 1, arbitrary: randomStrings });
}

/** Keys a body should never be able to set, and noise. */
export const extraFields: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.constantFrom<[string, unknown]>(
    ['__proto__', { isAdmin: true, role: 'admin' }],
    ['constructor', { prototype: { isAdmin: true } }],
    ['constructor', 'Object'],
    ['prototype', {}],
    ['role', 'admin'],
    ['isAdmin', true],
    ['userId', 'usr_someone_else'],
    ['balanceKobo', 100_000_000],
    ['chargedKobo', 0],
    ['discountBps', 10_000],
    ['status', 'delivered'],
    ['channel', 'api'],
    ['nested', deepObject],
    ['list', deepArray],
    ['', ''],
  ),
  fc.tuple(fc.string({ maxLength: 16 }), fc.jsonValue({ maxDepth: 3 })),
);

/** Bodies that are valid JSON but not an object. */
export const nonObjectBodies: fc.Arbitrary<unknown> = fc.constantFrom(
  [],
  [{}],
  ['100'],
  0,
  -1,
  1.5,
  raw('1e309'),
  'a string',
  '',
  null,
  true,
  false,
  deepArray,
);

/** What a request sends when it is not JSON at all. */
export type RawBody = { contentType: string | undefined; text: string };

const rawBody = (contentType: string | undefined, text: string): RawBody => ({ contentType, text });

export const rawBodies: fc.Arbitrary<RawBody> = fc.constantFrom(
  rawBody('application/json', '{'),
  rawBody('application/json', '{"amount":"100",}'),
  rawBody('application/json', "{'amount':'100'}"),
  rawBody('application/json', '{"amount":"100"}{"amount":"-1"}'),
  rawBody('application/json', 'NaN'),
  rawBody('application/json', '\u0000'),
  rawBody('application/json', ''),
  rawBody('application/json', ' '),
  rawBody('application/json', '['.repeat(5000)),
  rawBody('application/json', JSON.stringify('a'.repeat(70_000))),
  rawBody('application/json; charset=utf-16', '{"amount":"100"}'),
  rawBody('application/jsonx', '{"amount":"100"}'),
  rawBody('text/plain', '{"amount":"-1"}'),
  rawBody('application/x-www-form-urlencoded', 'amount=-1&pin=0000&__proto__[isAdmin]=1'),
  rawBody(
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n-1\r\n--x--',
  ),
  rawBody(
    'application/xml',
    '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>',
  ),
  rawBody(undefined, '{"amount":"100"}'),
);
