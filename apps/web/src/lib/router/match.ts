import type { ComponentType, ReactNode } from 'react';

/** A route as the app declares it (app/router.tsx): a path or an index, what to show, and its children. */
export type RouteObject = {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  Component?: ComponentType | null;
  element?: ReactNode;
  /** the route's code, loaded the first time it is shown: `{ Component }` */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** shown instead of the route, and of everything under it, when any of it throws */
  ErrorBoundary?: ComponentType;
  /** shown while the route's code, or code under it, loads for the first time */
  HydrateFallback?: ComponentType;
  children?: RouteObject[];
};

export type Params = Record<string, string>;
export type RouteMatch = { route: RouteObject; params: Params };

type Branch = { pattern: string; score: number; caseSensitive: boolean; routes: RouteObject[] };

const PARAM = /^:[\w-]+$/;

/**
 * A pattern's rank, as react-router ranks them, so a static segment beats a parameter and anything beats `*`:
 * 10 a static segment, 3 a parameter, 1 an empty one, +2 an index route, -2 a splat, plus the segment count.
 */
function scoreOf(pattern: string, isIndex: boolean): number {
  const segments = pattern.split('/');
  let score = segments.length + (isIndex ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else if (PARAM.test(segment)) score += 3;
    else score += segment === '' ? 1 : 10;
  }
  return score;
}

const join = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`.replace(/\/+/g, '/');

function flatten(
  routes: RouteObject[],
  parentPattern: string,
  parents: RouteObject[],
  out: Branch[],
): Branch[] {
  for (const route of routes) {
    const pattern = route.path === undefined ? parentPattern : join(parentPattern, route.path);
    const chain = [...parents, route];
    // children first: among equal ranks, the deeper route wins, as declared
    if (route.children) flatten(route.children, pattern, chain, out);
    // a route without a path shows only through its children
    if (route.path === undefined && !route.index) continue;
    out.push({
      pattern: pattern === '' ? '/' : pattern,
      score: scoreOf(pattern, Boolean(route.index)),
      caseSensitive: Boolean(route.caseSensitive),
      routes: chain,
    });
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matchPattern(branch: Branch, pathname: string): Params | null {
  const names: string[] = [];
  const source = branch.pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(.*)';
      }
      if (PARAM.test(segment)) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return escape(segment);
    })
    .join('/')
    // `/*` also matches the bare parent
    .replace(/\/\(\.\*\)$/, '(?:/(.*))?');
  const found = new RegExp(`^${source}/?$`, branch.caseSensitive ? '' : 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1] ?? '';
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  return params;
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

/** The routes that show `pathname`, from the outermost in, each with the path's parameters; null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = branchesOf.get(routes);
  if (!branches) {
    // a stable sort keeps the declared order between equal ranks
    branches = flatten(routes, '', [], []).sort((a, b) => b.score - a.score);
    branchesOf.set(routes, branches);
  }
  for (const branch of branches) {
    const params = matchPattern(branch, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
