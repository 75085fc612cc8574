import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import type { RouteDefinition } from '@quickvend/shared/contract/define';

/**
 * Requests typed by what the schemas give (their output), answers by what the serializer is handed: zod
 * encodes the answer, and for every schema the API answers with, the JSON it writes is that value as it is,
 * so a plain number is a fine `amountKobo` here even where the client reads it as `Kobo`.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- a type provider reads `this`, which needs an interface
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

type SchemaOf<D extends RouteDefinition> = {
  params: D['params'];
  querystring: D['query'];
  body: D['body'];
  response: { [S in keyof D['responses']]: D['responses'][S] };
};

export type ContractHandler<D extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<D>,
  ContractTypeProvider
>;

/** What a route may add to its definition: hooks and limits that are the server's business, not the contract's. */
export type RouteExtras = Pick<RouteOptions, 'onRequest' | 'preHandler' | 'bodyLimit'>;

/** The fastify schema of a route: the definition's own objects, so the route table can be checked against it. */
export function schemaOf(definition: RouteDefinition): NonNullable<RouteOptions['schema']> {
  const response = Object.fromEntries(
    Object.entries(definition.responses).filter(([, schema]) => schema !== null),
  );
  return {
    ...(definition.params && { params: definition.params }),
    ...(definition.query && { querystring: definition.query }),
    ...(definition.body && { body: definition.body }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}

/**
 * Registers a route of the shared contract: method, path, access and schemas come from its definition, and
 * the handler's request and reply are typed by them.
 */
export function route<const D extends RouteDefinition>(
  app: FastifyInstance,
  definition: D,
  handler: ContractHandler<D>,
  extras: RouteExtras = {},
): void {
  app.route({
    ...extras,
    method: definition.method,
    url: definition.path,
    config: { access: definition.access },
    schema: schemaOf(definition),
    handler: handler as RouteHandlerMethod,
  });
}
