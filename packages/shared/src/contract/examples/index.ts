import type { RouteDefinition } from '../define.ts';
import { catalogExamples, keyExamples, systemExamples, testBalanceExamples } from './partners.ts';
import { purchaseExamples } from './purchases.ts';
import { statementExamples } from './statement.ts';
import { webhookExamples } from './webhooks.ts';
import type { AnyRouteExample, RouteExamples } from './types.ts';

/**
 * Example calls shown in the API reference, by route name. They live beside the contract, not in it, so the
 * web app's bundles (which import the contract's areas) never carry them. Add a route's examples here, in
 * the file of its area or a new one.
 */
const routeExamples: RouteExamples = {
  ...systemExamples,
  ...catalogExamples,
  ...purchaseExamples,
  ...keyExamples,
  ...testBalanceExamples,
  ...webhookExamples,
  ...statementExamples,
};

export function examplesOf(name: string): readonly AnyRouteExample[] {
  return (routeExamples as Record<string, readonly AnyRouteExample[] | undefined>)[name] ?? [];
}

/**
 * Whether a route must have an example: anything a partner calls (`partner: true`) and the partner's own
 * tools (keys, webhooks) in the web app. The document test fails for one without.
 */
export function needsExample(name: string, route: RouteDefinition): boolean {
  const [area = ''] = name.split('.');
  return route.partner === true || area === 'partners' || /webhook/i.test(area);
}

/** The names the examples are kept under, each of which must name a route. */
export function exampleRouteNames(): string[] {
  return Object.keys(routeExamples);
}

/**
 * What is wrong with an example, checked against its route's own schemas: `[]` when nothing is. The route's
 * answers are what the server sends, so a response body must be accepted by its status's schema as sent.
 */
export function problemsOf(route: RouteDefinition, example: AnyRouteExample): string[] {
  const problems: string[] = [];
  const check = (part: string, schema: RouteDefinition['body'], value: unknown) => {
    if (!schema) {
      if (value !== undefined) problems.push(`${part}: the route takes none`);
      return;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${part}.${issue.path.join('.')}: ${issue.message}`);
      }
    }
  };
  check('params', route.params, example.params);
  if (example.query !== undefined || route.query) check('query', route.query, example.query ?? {});
  check('body', route.body, example.body);
  const statuses = route.responses as Record<number, RouteDefinition['body'] | null | undefined>;
  const answer = statuses[example.response.status];
  if (answer === undefined) problems.push(`response: the route never answers ${example.response.status}`);
  else if (answer === null) {
    if (example.response.body !== null) problems.push('response: this answer has no body');
  } else check('response', answer, example.response.body);
  return problems;
}
