import type { z } from 'zod';
import type { RouteDefinition } from '../define.ts';
import type { contract } from '../index.ts';

type Contract = typeof contract;

/** A route's name in the map: `purchases.create`. */
export type RouteName = {
  [A in keyof Contract]: `${A & string}.${keyof Contract[A] & string}`;
}[keyof Contract];

type RouteNamed<N> = N extends `${infer A}.${infer K}`
  ? A extends keyof Contract
    ? K extends keyof Contract[A]
      ? Contract[A][K]
      : never
    : never
  : never;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** what the wire carries: an amount in kobo is a plain integer there */
type Wire<S> = S extends z.ZodType ? z.input<S> : S extends null ? null : never;

/** An answer the route can give: one of its success statuses with a body its schema allows. */
type ExampleAnswer<R extends RouteDefinition> = {
  [S in keyof R['responses'] & number]: { status: S; body: Wire<R['responses'][S]> };
}[keyof R['responses'] & number];

/**
 * One call of a route and its answer, shown in the API reference. Typed by the route's own schemas, and
 * checked against them at run time too (test/integration/docs), so an example cannot drift from the route.
 */
export type RouteExample<R extends RouteDefinition> = {
  /** a few words naming the case, such as `MTN airtime, ₦100.00` */
  title: string;
  response: ExampleAnswer<R>;
} & (R extends { params: z.ZodType } ? { params: Input<R['params']> } : unknown) &
  (R extends { query: z.ZodType } ? { query?: Input<R['query']> } : unknown) &
  (R extends { body: z.ZodType } ? { body: Input<R['body']> } : unknown);

/** Examples by route name; the first of each route's list is the one shown first. */
export type RouteExamples = {
  readonly [N in RouteName]?: readonly [RouteExample<RouteNamed<N>>, ...RouteExample<RouteNamed<N>>[]];
};

/** The same, with its schemas forgotten: how the document generator and the test read it. */
export type AnyRouteExample = {
  title: string;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  response: { status: number; body: unknown };
};
