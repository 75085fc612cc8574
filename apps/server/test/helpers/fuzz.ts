import fc from 'fast-check';
import { type Field, isPlainObject, RawJson, setOwn } from './fuzz-json.ts';
import { badAmountStrings, badValues, extraFields, oddStrings, wrongTypeValues } from './fuzz-values.ts';

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
