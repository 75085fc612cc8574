import { describe, expect, it } from 'vitest';
import { allRoutes } from '../index.ts';
import { exampleRouteNames, examplesOf, needsExample, problemsOf } from './index.ts';

describe('the API reference examples', () => {
  it('show every partner call and the partner tools (keys, webhooks)', () => {
    const missing = allRoutes()
      .filter(({ name, route }) => needsExample(name, route) && examplesOf(name).length === 0)
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    expect(allRoutes().filter(({ name, route }) => needsExample(name, route)).length).toBeGreaterThan(9);
  });

  it('are kept only under the names of routes', () => {
    const names = new Set(allRoutes().map(({ name }) => name));
    expect(exampleRouteNames().filter((name) => !names.has(name))).toEqual([]);
  });

  it("each pass their route's own schemas: params, query, body and the answer", () => {
    const problems = allRoutes().flatMap(({ name, route }) =>
      examplesOf(name).flatMap((example) =>
        problemsOf(route, example).map((problem) => `${name} “${example.title}”: ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('would be caught drifting from the route', () => {
    const { route } = allRoutes().find(({ name }) => name === 'purchases.create') ?? {};
    const [example] = examplesOf('purchases.create');
    if (!route || !example) throw new Error('purchases.create and its example are expected');
    expect(problemsOf(route, example)).toEqual([]);
    const body = { ...(example.body as object), requestId: 'has spaces' };
    expect(problemsOf(route, { ...example, body })).toEqual([expect.stringMatching(/^body\.requestId: /)]);
    const purchase = { ...(example.response.body as { purchase: object }).purchase, amountKobo: '100.00' };
    expect(problemsOf(route, { ...example, response: { status: 201, body: { purchase } } })).toEqual([
      expect.stringMatching(/^response\.purchase\.amountKobo: /),
    ]);
    expect(problemsOf(route, { ...example, response: { status: 204, body: null } })).toEqual([
      'response: the route never answers 204',
    ]);
    expect(problemsOf(route, { ...example, params: { requestId: 'x' } })).toEqual([
      'params: the route takes none',
    ]);
  });
});
