import type { RouteDefinition } from '@quickvend/shared/contract/define';
import { examplesOf } from '@quickvend/shared/contract/examples/index';
import type { AnyRouteExample } from '@quickvend/shared/contract/examples/types';

type Media = { examples?: Record<string, { summary: string; value: unknown }> };
type Operation = {
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
};

const slug = (title: string, index: number) =>
  `${index + 1}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A route's path with an example's values in it, and its query. */
function urlOf(route: RouteDefinition, example: AnyRouteExample): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = example.params?.[name];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(value) : `{${name}}`;
  });
  const query = new URLSearchParams(
    Object.entries(example.query ?? {}).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/** The example as a partner would type it: curl with the key and the server's address in variables. */
function curlOf(route: RouteDefinition, example: AnyRouteExample): string {
  const lines = [
    `curl -s${route.method === 'GET' ? '' : ` -X ${route.method}`} "$QV_URL${urlOf(route, example)}"`,
  ];
  if (route.access === 'userOrKey') lines.push('-H "Authorization: Bearer $QV_KEY"');
  if (example.body !== undefined) {
    lines.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(example.body)}'`);
  }
  return lines.join(' \\\n  ');
}

/**
 * Puts a route's examples into its operation: each request body and answer as a named example, the first
 * example's path and query values on the parameters, and (for partner routes) the first as a curl command.
 */
export function addExamples(name: string, route: RouteDefinition, operation: Operation): void {
  const examples = examplesOf(name);
  const [first] = examples;
  if (!first) return;
  for (const parameter of operation.parameters ?? []) {
    const value = examples
      .map((example) => (parameter.in === 'path' ? example.params : example.query)?.[parameter.name])
      .find((found) => found !== undefined);
    if (value !== undefined) parameter.example = value;
  }
  const bodyMedia = operation.requestBody?.content['application/json'];
  if (bodyMedia) {
    bodyMedia.examples = Object.fromEntries(
      examples.map((example, i) => [slug(example.title, i), { summary: example.title, value: example.body }]),
    );
  }
  examples.forEach((example, i) => {
    const media = operation.responses[String(example.response.status)]?.content?.['application/json'];
    if (!media) return;
    media.examples = {
      ...media.examples,
      [slug(example.title, i)]: { summary: example.title, value: example.response.body },
    };
  });
  if (route.partner || route.access === 'userOrKey') {
    // the first example only: one tab per example crowds the panel on a small screen
    operation['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source: curlOf(route, first) }];
  }
}
