import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteEntry } from '../../src/lib/http/access.ts';
import { applyMutations, badPathSegments, badQueries, mutations, type Mutation } from './fuzz.ts';
import { fieldsOfSample, fieldsOfSchema, SentText, toJsonText, type Field } from './fuzz-json.ts';
import { badValueList, nonObjectBodies, rawBodies, UNSTORABLE_STRINGS, type RawBody } from './fuzz-values.ts';
import { chargeSuccess } from './paystack.ts';
import { TEST_PIN } from './purchases.ts';

export type Principal = 'customer' | 'partner-key' | 'admin' | 'anonymous';
export type Signature = 'unsigned' | 'wrongly-signed' | 'signed';

export type Payload =
  { kind: 'none' } | { kind: 'json'; value: unknown; changes: Mutation[] } | { kind: 'raw'; body: RawBody };

export type Case = {
  principal: Principal;
  /** the path with its params filled in, already encoded */
  path: SentText;
  /** whether the params are real ids (else garbage) */
  hasRealParams: boolean;
  query: SentText;
  payload: Payload;
  signature?: Signature;
};

/**
 * Fields whose value the server checks against what it knows (a real service, a phone number, a sum of money, the
 * PIN): a bad one must be refused even where the schema lets it through.
 */
const CHECKED_FIELDS = new Set(['amount', 'serviceId', 'phone', 'pin', 'currentPin']);

// mostly one change at a time, so that a single bad value gets past the schema and reaches the service
const FEW = { minLength: 1, maxLength: 3, size: 'xsmall' } as const;

export const routeName = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
export const zodSchema = (schema: unknown) => schema as z.ZodType | undefined;

export function containsPoison(value: unknown): boolean {
  const stack = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    const record = next as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key === '__proto__') return true;
      const inner = record[key];
      if (key === 'constructor' && typeof inner === 'object' && inner !== null && 'prototype' in inner)
        return true;
      stack.push(inner);
    }
  }
  return false;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The real ids a good request may carry, filled in once the test has made them. */
export type KnownIds = {
  requestId: string;
  providerRequestId: string;
  paymentReference: string;
  decidedManualRequestId: string;
  spareKeyId: string;
  invitationToken: string;
};

/**
 * What a good request to a route looks like, before it is spoilt, and the cases made from it: for each route
 * the fixed cases every run sends, and random ones. `known` gives the real ids and the customer, once made.
 */
export function createCaseMaker(known: {
  real: KnownIds;
  customer: () => { email: string; password: string };
}) {
  function goodValue(name: string, principal: Principal): fc.Arbitrary<unknown> | undefined {
    switch (name) {
      case 'requestId':
        // a used requestId is refused before the amount is read, so mostly a fresh one
        return fc.oneof(
          { weight: 3, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: fc.constant(known.real.requestId) },
        );
      case 'serviceId':
        return fc.constant('mtn');
      case 'phone':
        return fc.constant('08011111111');
      case 'amount':
        return fc.constant('100');
      case 'pin':
        // a partner key buys without a PIN
        return principal === 'partner-key' ? undefined : fc.constant(TEST_PIN);
      case 'currentPin':
        return fc.constant(TEST_PIN);
      case 'email':
        return fc.constant(known.customer().email);
      case 'password':
        return fc.constant(known.customer().password);
      case 'name':
      case 'depositorName':
        return fc.constant('Ada Obi');
      case 'bankName':
        return fc.constant('GTBank');
      case 'reason':
        return fc.constant('No deposit arrived');
      case 'reference':
        return fc.constant(known.real.paymentReference);
      case 'token':
        return fc.constant('not-a-token-0123456789');
      default:
        return undefined;
    }
  }

  const goodOverrides: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    'POST /api/v1/auth/sign-up': { email: fc.uuid().map((id) => `${id}@example.com`) },
    'POST /api/v1/verify': { serviceId: fc.constant('dstv'), billersCode: fc.constant('1212121212') },
    'POST /api/v1/funding/card': { amount: fc.constant('500') },
    'POST /api/v1/funding/manual': { amount: fc.constant('1000') },
  };

  function goodBody(route: RouteEntry, fields: Field[], principal: Principal) {
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of fields) {
      const [name = ''] = field.path;
      const value = goodValue(name, principal);
      if (value) parts[name] = value;
      else if (field.isRequired) parts[name] = fc.constant('x');
    }
    Object.assign(parts, goodOverrides[routeName(route)]);
    return fc.record(parts);
  }

  /** Event-shaped nonsense for the webhooks, which have no schema but do have a shape. */
  const providerSamples: Record<string, () => Record<string, unknown>[]> = {
    '/webhooks/paystack': () => [
      // a real reference with the wrong amount: signed, but still nonsense
      JSON.parse(chargeSuccess(known.real.paymentReference, 1)) as Record<string, unknown>,
      JSON.parse(chargeSuccess('NO-SUCH-REFERENCE', 50_000, 'dedicated_nuban')) as Record<string, unknown>,
    ],
    '/webhooks/vtpass': () => [
      { type: 'transaction-update', data: { requestId: known.real.providerRequestId, code: '000' } },
      { type: 'variations-update', serviceID: 'mtn-data' },
    ],
  };

  function realParam(route: RouteEntry, name: string): string | undefined {
    if (name === 'requestId') return known.real.requestId;
    if (name === 'serviceId') return 'mtn-data';
    if (name === 'token') return known.real.invitationToken;
    if (name === 'id' && route.url.includes('/api-keys/')) return known.real.spareKeyId;
    if (name === 'id' && route.url.includes('/funding/manual/')) return known.real.decidedManualRequestId;
    return undefined;
  }

  function principalsOf(route: RouteEntry): [Principal, ...Principal[]] {
    switch (route.access) {
      case 'user':
        return ['customer'];
      case 'userOrKey':
        return ['customer', 'partner-key'];
      case 'admin':
        return ['admin'];
      case 'public':
      case 'provider':
      case 'sandbox':
      case 'operator':
        return ['anonymous'];
    }
  }

  function paths(route: RouteEntry): fc.Arbitrary<{ path: SentText; hasRealParams: boolean }> {
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
    if (names.length === 0) return fc.constant({ path: new SentText(route.url), hasRealParams: true });
    const segment = (name: string) => {
      const known = realParam(route, name);
      return known
        ? fc.oneof(
            fc.constant({ value: encodeURIComponent(known), isReal: true }),
            badPathSegments.map((value) => ({ value, isReal: false })),
          )
        : badPathSegments.map((value) => ({ value, isReal: false }));
    };
    return fc.tuple(...names.map(segment)).map((segments) => {
      let path = route.url;
      names.forEach((name, i) => {
        path = path.replace(`:${name}`, segments[i]?.value ?? '');
      });
      return { path: new SentText(path), hasRealParams: segments.every((s) => s.isReal) };
    });
  }

  function payloads(route: RouteEntry, principal: Principal): fc.Arbitrary<Payload> {
    if (route.method === 'GET') return fc.constant({ kind: 'none' });
    const sampler = providerSamples[route.url];
    const schemaFields = fieldsOfSchema(route.schema?.body);
    const spoilt = sampler
      ? fc
          .constantFrom(...sampler())
          .chain((sample) =>
            fc
              .array(mutations(fieldsOfSample(sample)), FEW)
              .map((changes) => ({ kind: 'json' as const, value: applyMutations(sample, changes), changes })),
          )
      : fc
          .tuple(
            goodBody(route, schemaFields ?? [], principal),
            fc.array(mutations(schemaFields ?? [], CHECKED_FIELDS), FEW),
          )
          .map(([good, changes]) => ({
            kind: 'json' as const,
            value: applyMutations(good, changes),
            changes,
          }));
    const mustRefuse = (payload: Payload) =>
      payload.kind !== 'json' || isRefusalWorthy(route, payload, principal, schemaFields ?? []);
    return fc
      .oneof(
        { weight: 10, arbitrary: spoilt },
        {
          weight: 1,
          arbitrary: nonObjectBodies.map((value) => ({ kind: 'json' as const, value, changes: [] })),
        },
        { weight: 1, arbitrary: rawBodies.map((body) => ({ kind: 'raw' as const, body })) },
      )
      .filter(mustRefuse);
  }

  /**
   * Where a good request carries a checked field (it could buy, start a payment or change the PIN), every request
   * must carry something the server has to refuse, so that a request that moves money is a request let through.
   * Elsewhere clean bodies with odd text in them go too: they reach the database.
   */
  function isRefusalWorthy(
    route: RouteEntry,
    payload: Payload & { kind: 'json' },
    principal: Principal,
    fields: Field[],
  ) {
    const checkedInGood = checkedFieldsOf(fields, principal);
    if (checkedInGood.length === 0) return true;
    const text = toJsonText(payload.value);
    if (text.includes('\\u0000')) return true;
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed) || containsPoison(parsed)) return true;
    if (zodSchema(route.schema?.body)?.safeParse(parsed).success === false) return true;
    return payload.changes.some(
      (change) => change.kind !== 'extra' && checkedInGood.includes(change.path[0] ?? ''),
    );
  }

  const checkedFieldsOf = (fields: Field[], principal: Principal) =>
    fields
      .map((field) => field.path[0] ?? '')
      .filter((name) => CHECKED_FIELDS.has(name) && goodValue(name, principal) !== undefined);

  /**
   * The cases every run sends, beside the random ones: each bad value alone in each checked field of a good body
   * (so it reaches the service), and text the database cannot store in every field.
   */
  function fixedCases(route: RouteEntry): Case[] {
    if (route.method === 'GET') return [];
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
    let path = route.url;
    for (const name of names) {
      const known = realParam(route, name);
      if (known === undefined) return [];
      path = path.replace(`:${name}`, encodeURIComponent(known));
    }
    const caseOf = (principal: Principal, good: Record<string, unknown>, change: Mutation): Case => ({
      principal,
      path: new SentText(path),
      hasRealParams: true,
      query: new SentText(''),
      payload: { kind: 'json', value: applyMutations(good, [change]), changes: [change] },
      ...(route.url === '/webhooks/paystack' && { signature: 'signed' as const }),
    });
    const unstorable = (field: Field, onlyNul = false): Mutation[] =>
      UNSTORABLE_STRINGS.filter((value) => !onlyNul || value.includes('\u0000')).map((value) => ({
        kind: 'bad-value',
        path: field.path,
        value,
      }));
    const sampler = providerSamples[route.url];
    if (sampler) {
      return sampler().flatMap((sample) =>
        fieldsOfSample(sample).flatMap((field) =>
          unstorable(field).map((change) => caseOf('anonymous', sample, change)),
        ),
      );
    }
    const fields = fieldsOfSchema(route.schema?.body) ?? [];
    return principalsOf(route).flatMap((principal) => {
      const [good = {}] = fc.sample(goodBody(route, fields, principal), 1);
      if ('requestId' in good) good['requestId'] = randomUUID();
      const checked = checkedFieldsOf(fields, principal);
      const changes = fields.flatMap((field): Mutation[] => {
        const name = field.path.join('.');
        if (checked.includes(name)) {
          return [
            ...badValueList(field).map((value) => ({ kind: 'bad-value' as const, path: field.path, value })),
            { kind: 'missing', path: field.path },
          ];
        }
        // a lone surrogate in a field the service ignores is not a refusal: only U+0000 always is
        return unstorable(field, checked.length > 0);
      });
      return changes.map((change) => caseOf(principal, good, change));
    });
  }

  function cases(route: RouteEntry): fc.Arbitrary<Case> {
    const queryFields = fieldsOfSchema(route.schema?.querystring);
    return fc.constantFrom(...principalsOf(route)).chain((principal) =>
      fc
        .record({
          principal: fc.constant(principal),
          target: paths(route),
          query: (queryFields ? fc.oneof(fc.constant(''), badQueries(queryFields)) : fc.constant('')).map(
            (query) => new SentText(query),
          ),
          payload: payloads(route, principal),
          signature: fc.constantFrom<Signature>('unsigned', 'wrongly-signed', 'signed'),
        })
        .map(({ target, signature, ...rest }) => ({
          ...rest,
          ...target,
          ...(route.url === '/webhooks/paystack' && { signature }),
        })),
    );
  }

  return { cases, fixedCases };
}
