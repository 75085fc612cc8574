import fc from 'fast-check';
import { z } from 'zod';

/** JSON text that no JavaScript value serialises to (numbers past a double, deep nesting), with a short label. */
export class RawJson {
  constructor(
    readonly json: string,
    readonly label: string,
  ) {}

  [fc.toStringMethod](): string {
    return this.label;
  }
}

const raw = (json: string, label = json) => new RawJson(json, label);

/** Text sent as is (a path, a query), shown shortened when fast-check reports a counterexample. */
export class SentText {
  constructor(readonly text: string) {}

  [fc.toStringMethod](): string {
    return JSON.stringify(abbreviate(this.text));
  }
}

export const abbreviate = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** Serialises a generated body: `RawJson` as written, own `__proto__` keys kept, anything else as JSON does. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** Sets a key as an own property, even `__proto__` (plain assignment would change the prototype instead). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** A property of a body, query or event: where it is, which JSON types it takes, whether it must be there. */
export type Field = { path: string[]; types: JsonType[]; isRequired: boolean };

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];
const isJsonType = (value: unknown): value is JsonType => JSON_TYPES.includes(value as JsonType);

type JsonSchemaNode = {
  type?: unknown;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
};

function typesOf(node: JsonSchemaNode): JsonType[] {
  const own = [node.type].flat().filter(isJsonType);
  const nested = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap(typesOf);
  return [...new Set([...own, ...nested])];
}

/** The top-level properties of an object schema, read from its JSON Schema; null when it cannot be converted. */
export function fieldsOfSchema(schema: unknown): Field[] | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: JsonSchemaNode;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  } catch {
    return null;
  }
  if (!json.properties) return null;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, node]) => ({
    path: [name],
    types: typesOf(node),
    isRequired: required.has(name),
  }));
}

/** The properties of a sample object, two levels deep: the shape of a body no schema describes. */
export function fieldsOfSample(sample: Record<string, unknown>, prefix: string[] = []): Field[] {
  return Object.entries(sample).flatMap(([name, value]) => {
    const path = [...prefix, name];
    const types: JsonType[] = [
      value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType),
    ];
    const field = { path, types, isRequired: true };
    return isPlainObject(value) && prefix.length === 0 ? [field, ...fieldsOfSample(value, path)] : [field];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);

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

/** A change made to a good body. */
export type Mutation =
  | { kind: 'wrong-type' | 'bad-value'; path: string[]; value: unknown }
  | { kind: 'missing'; path: string[] }
  | { kind: 'extra'; key: string; value: unknown };

/** Changes to a good body; fields named in `focus` get bad values of their own more often. */
export function mutations(
  fields: readonly Field[],
  focus: ReadonlySet<string> = new Set(),
): fc.Arbitrary<Mutation> {
  const badValueOf = (f: Field) =>
    badValues(f).map((value) => ({ kind: 'bad-value' as const, path: f.path, value }));
  const options: fc.MaybeWeightedArbitrary<Mutation>[] = [
    { weight: 2, arbitrary: extraFields.map(([key, value]) => ({ kind: 'extra' as const, key, value })) },
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    options.push(
      { weight: 3, arbitrary: field.chain(badValueOf) },
      { weight: 1, arbitrary: field.map((f) => ({ kind: 'missing' as const, path: f.path })) },
    );
    const typed = fields.filter((f) => wrongTypeValues(f) !== null);
    if (typed.length > 0) {
      options.push({
        weight: 2,
        arbitrary: fc.constantFrom(...typed).chain((f) =>
          (wrongTypeValues(f) ?? fc.constant(null)).map((value) => ({
            kind: 'wrong-type' as const,
            path: f.path,
            value,
          })),
        ),
      });
    }
    const focused = fields.filter((f) => focus.has(f.path.join('.')));
    if (focused.length > 0)
      options.push({ weight: 4, arbitrary: fc.constantFrom(...focused).chain(badValueOf) });
  }
  return fc.oneof(...options);
}

/** A copy of `body` with the mutations applied in order. */
export function applyMutations(
  body: Record<string, unknown>,
  changes: readonly Mutation[],
): Record<string, unknown> {
  const copy = copyObject(body);
  for (const change of changes) {
    if (change.kind === 'extra') {
      setOwn(copy, change.key, change.value);
      continue;
    }
    const parents = change.path.slice(0, -1);
    const key = change.path.at(-1);
    if (key === undefined) continue;
    let target = copy;
    for (const name of parents) {
      const next = target[name];
      if (!isPlainObject(next)) break;
      const inner = copyObject(next);
      setOwn(target, name, inner);
      target = inner;
    }
    if (change.kind === 'missing') Reflect.deleteProperty(target, key);
    else setOwn(target, key, change.value);
  }
  return copy;
}

function copyObject(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(copy, key, value[key]);
  return copy;
}

/** Percent-encodes every byte outside the unreserved set; lone surrogates go out as U+FFFD, as a browser would. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A path segment as sent (already encoded). */
export const badPathSegments: fc.Arbitrary<string> = fc.oneof(
  fc
    .oneof(oddStrings, badAmountStrings)
    .map((value) => percentEncode(value instanceof RawJson ? (JSON.parse(value.json) as string) : value)),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '..',
    '%2e%2e',
    '%2F',
    'a%2Fb',
    '%00',
    '.',
    ';',
    '*',
    'a'.repeat(65),
    'a'.repeat(101),
  ),
);

/** A query string (without `?`) for a schema's fields: bad values, repeated keys, unknown keys, broken escapes. */
export function badQueries(fields: readonly Field[]): fc.Arbitrary<string> {
  const text = fc
    .oneof(
      oddStrings,
      badAmountStrings,
      fc.constantFrom('1', '20', '100', '101', '-5', '2.5', 'pending', 'x'),
    )
    .map((value) => (value instanceof RawJson ? (JSON.parse(value.json) as string) : value));
  const names = fields.map((field) => field.path.join('.'));
  const pair = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...(names.length > 0 ? names : ['q'])),
        fc.constantFrom('__proto__', 'constructor[prototype][x]', 'limit[]', 'a[b]', ''),
      ),
      text,
    )
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`);
  const junk = fc.constantFrom(
    '%',
    '%zz',
    '&&&',
    '=',
    '==1',
    'limit',
    '%E0%A4%A=1',
    `x=${'a'.repeat(20_000)}`,
  );
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: pair }, { weight: 1, arbitrary: junk }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join('&'));
}
