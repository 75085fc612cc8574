import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';

/**
 * Who may call a route (the server enforces it; see apps/server/src/lib/http/access.ts):
 * `public` anyone, `user` a signed-in person, `userOrKey` a signed-in person or a partner's API key,
 * `admin` a signed-in admin, `provider` a vendor's callback, `sandbox` the local stand-ins, `operator` the
 * monitoring scraper.
 */
export type Access = 'public' | 'user' | 'userOrKey' | 'admin' | 'provider' | 'sandbox' | 'operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * One route of the API, as the server registers it and a client calls it. `path` is written as the server
 * matches it (`/api/v1/purchases/:requestId`). A response of `null` has no JSON body (204, an event stream).
 * `errors` names the codes this route answers with besides those its access and input imply
 * (UNAUTHENTICATED, FORBIDDEN, VALIDATION_FAILED, CSRF_REJECTED...).
 */
export type RouteDefinition = {
  readonly method: HttpMethod;
  readonly path: `/api/v1/${string}`;
  readonly access: Access;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: Readonly<Partial<Record<SuccessStatus, z.ZodType | null>>>;
  readonly errors: readonly ErrorCode[];
  /** the success answer's media type when it is not JSON */
  readonly produces?: 'text/csv' | 'text/event-stream';
  /** part of the partner API (design/api.md): promised to outsiders */
  readonly partner?: true;
};

/** Checks a route's shape and keeps its exact schemas' types. */
export function defineRoute<const D extends RouteDefinition>(definition: D): D {
  return definition;
}
