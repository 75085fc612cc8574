import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject } from 'zod-openapi';
import { allRoutes } from '@quickvend/shared/contract/index';
import type { RouteDefinition } from '@quickvend/shared/contract/define';
import { errorBody, type ErrorCode } from '@quickvend/shared/errors';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { httpStatusByCode } from '../../lib/errors.ts';
import { apiDescription, errorCodeLine, type SandboxValue } from './openapi-docs.ts';
import { addExamples } from './openapi-examples.ts';

/** The partner key, as api.md promises it: `Authorization: Bearer <key>`. */
const API_KEY = 'apiKey';
/** The web app's session cookie (the session library's name with our `qv` prefix). */
const SESSION = 'session';

type OpenApiDocument = ReturnType<typeof createDocument>;

/** The codes a route answers with because of its access and its input, besides those it lists. */
function impliedErrors(route: RouteDefinition): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.access === 'user' || route.access === 'userOrKey' || route.access === 'admin') {
    codes.push('UNAUTHENTICATED');
  }
  if (route.access === 'admin') codes.push('FORBIDDEN');
  if (route.params || route.query || route.body) codes.push('VALIDATION_FAILED');
  // a cookie-carrying write from another site is refused before the handler runs
  if (route.method !== 'GET' && route.access !== 'provider' && route.access !== 'sandbox') {
    codes.push('CSRF_REJECTED');
  }
  return codes;
}

function errorResponses(route: RouteDefinition): ZodOpenApiOperationObject['responses'] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...impliedErrors(route), ...route.errors])) {
    const status = httpStatusByCode[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `- ${errorCodeLine(code)}`).join('\n'),
        content: { 'application/json': { schema: errorBody } },
      },
    ]),
  );
}

function successResponses(route: RouteDefinition): ZodOpenApiOperationObject['responses'] {
  return Object.fromEntries(
    Object.entries(route.responses).map(([status, schema]) => {
      if (schema === null) {
        if (!route.produces) return [status, { description: 'No body' }];
        return [status, { description: route.produces, content: { [route.produces]: {} } }];
      }
      const mediaType = route.produces ?? 'application/json';
      return [status, { description: route.summary, content: { [mediaType]: { schema } } }];
    }),
  );
}

function security(route: RouteDefinition): ZodOpenApiOperationObject['security'] {
  if (route.access === 'userOrKey') return [{ [SESSION]: [] }, { [API_KEY]: [] }];
  if (route.access === 'user' || route.access === 'admin') return [{ [SESSION]: [] }];
  return [];
}

/** `/api/v1/purchases/:requestId` as OpenAPI writes it: `/api/v1/purchases/{requestId}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(name: string, route: RouteDefinition): ZodOpenApiOperationObject {
  const [area = name] = name.split('.');
  const requestParams = {
    ...(route.params && { path: route.params }),
    ...(route.query && { query: route.query }),
  } as ZodOpenApiOperationObject['requestParams'];
  return {
    operationId: name,
    summary: route.summary,
    ...(route.partner && {
      description: '**Partner API**: promised to partners; changes only with a new version.',
    }),
    tags: [tagOf(area)],
    security: security(route),
    ...(route.params || route.query ? { requestParams } : {}),
    ...(route.body && {
      requestBody: { required: true, content: { 'application/json': { schema: route.body } } },
    }),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}

function build(sandboxValues: readonly SandboxValue[]): OpenApiDocument {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const { name, route } of allRoutes()) {
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'] = operation(name, route);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1',
      description: apiDescription(sandboxValues),
    },
    tags: [...new Set(allRoutes().map(({ name }) => tagOf(name.split('.')[0] ?? name)))].map((name) => ({
      name,
    })),
    paths,
    components: {
      // one named error shape, referenced by every error answer rather than repeated in each
      schemas: { Error: errorBody },
      securitySchemes: {
        [API_KEY]: { type: 'http', scheme: 'bearer', description: 'A partner API key' },
        [SESSION]: { type: 'apiKey', in: 'cookie', name: 'qv.session_token' },
      },
    },
  });
}

/** The partner's areas first, under names a partner reads; the web app's own areas keep their map names. */
const TAGS: Readonly<Record<string, string>> = {
  catalog: 'Services and prices',
  purchases: 'Purchases and balance',
  partners: 'API keys',
  system: 'About this server',
};
const tagOf = (area: string) => TAGS[area] ?? area;

/** Redoc's groups in the side menu: the partner API apart from the web app's and the back office's calls. */
function tagGroups(): { name: string; tags: string[] }[] {
  const areas = [...new Set(allRoutes().map(({ name }) => name.split('.')[0] ?? name))];
  const partnerAreas = Object.keys(TAGS);
  return [
    { name: 'Partner API', tags: partnerAreas.map(tagOf) },
    { name: 'Web app', tags: areas.filter((a) => !partnerAreas.includes(a) && !a.startsWith('admin')) },
    { name: 'Back office', tags: areas.filter((a) => a.startsWith('admin')) },
  ];
}

type Operations = Record<string, Record<string, Parameters<typeof addExamples>[2]>>;

function withExamples(document: OpenApiDocument): Record<string, unknown> {
  const paths = document.paths as unknown as Operations;
  for (const { name, route } of allRoutes()) {
    const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    if (operation) addExamples(name, route, operation);
  }
  return { ...document, 'x-tagGroups': tagGroups() };
}

let built: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document of /api/v1, built from the shared contract once per process. */
export function openApiDocument(sandboxValues: readonly SandboxValue[]): Record<string, unknown> {
  built ??= withExamples(build(sandboxValues));
  return built;
}
