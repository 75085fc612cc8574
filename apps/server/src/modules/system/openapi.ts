import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject } from 'zod-openapi';
import { allRoutes } from '@quickvend/shared/contract/index';
import type { RouteDefinition } from '@quickvend/shared/contract/define';
import { errorBody, type ErrorCode } from '@quickvend/shared/errors';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { httpStatusByCode } from '../../lib/errors.ts';

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
        description: `error.code is one of: ${codes.join(', ')}`,
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
    tags: [area],
    security: security(route),
    ...(route.params || route.query ? { requestParams } : {}),
    ...(route.body && {
      requestBody: { required: true, content: { 'application/json': { schema: route.body } } },
    }),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}

function build(): OpenApiDocument {
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
      description:
        'Errors answer { "error": { "code", "message", "details"?, "requestId" } } with a 4xx status (5xx only for server faults).',
    },
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

let built: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document of /api/v1, built from the shared contract once per process. */
export function openApiDocument(): Record<string, unknown> {
  built ??= { ...build() };
  return built;
}
