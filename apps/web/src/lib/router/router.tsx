import {
  Component,
  createElement,
  createContext,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  hrefOf,
  resolveTo,
  type Action,
  type History,
  type Location,
  type To,
} from './history.ts';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match.ts';

/**
 * The app's router: the part of react-router's API the app uses (links, navigation, search params, nested
 * layouts with an outlet, pages loaded on first use, error and loading screens per route), in a few KB. The full
 * data router cost 31 KB of the dashboard's 100 KB budget, for loaders and actions the app does not use.
 *
 * A move renders in a transition: the page on screen stays until the next one's code has loaded, and a route's
 * loading screen shows only the first time.
 */

export type { Location, To } from './history.ts';
export type { RouteObject } from './match.ts';

export type NavigateOptions = { replace?: boolean; state?: unknown };
/** to a place, or `-1` for Back */
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export type AppRouter = {
  readonly routes: RouteObject[];
  readonly history: History;
  /** where the router is now (tests read it) */
  readonly state: { location: Location; action: Action };
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
};

function createRouter(routes: RouteObject[], history: History): AppRouter {
  // a new router asks again for code an earlier one could not load
  forgetFailedRoutes();
  return {
    routes,
    history,
    get state() {
      return { location: history.location, action: history.action };
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') history.go(to);
      else {
        const path = resolveTo(to, history.location);
        if (options.replace) history.replace(path, options.state);
        else history.push(path, options.state);
      }
      return Promise.resolve();
    },
  };
}

export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, createBrowserHistory());
export const createMemoryRouter = (routes: RouteObject[], options: { initialEntries?: string[] } = {}) =>
  createRouter(routes, createMemoryHistory(options.initialEntries));

type RouterState = { router: AppRouter; location: Location; action: Action; matches: RouteMatch[] };
const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouterState(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('This component must be inside <RouterProvider>.');
  return state;
}

type RouteCode =
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'loaded'; Component: ComponentType }
  | { status: 'failed'; error: unknown };
const routeCode = new WeakMap<RouteObject, RouteCode>();
/** routes whose code failed to load: asked for again after the next move (not at once: React renders twice) */
const failedRoutes = new Set<RouteObject>();

function forgetFailedRoutes(): void {
  for (const route of failedRoutes) routeCode.delete(route);
  failedRoutes.clear();
}

/** Starts loading a route's code once; settles when it has loaded or failed. */
function loadRoute(route: RouteObject, load: NonNullable<RouteObject['lazy']>): RouteCode {
  const known = routeCode.get(route);
  if (known) return known;
  const promise = load().then(
    (module) => {
      routeCode.set(route, { status: 'loaded', Component: module.Component });
    },
    (error: unknown) => {
      routeCode.set(route, { status: 'failed', error });
      failedRoutes.add(route);
    },
  );
  const loading: RouteCode = { status: 'loading', promise };
  routeCode.set(route, loading);
  return loading;
}

/**
 * A route's component. Code already loaded renders at once, with no loading screen in between; code on its way
 * suspends the route until it arrives; code that failed to load is the error screen's, and is asked for again
 * after the next move.
 */
function componentOf(route: RouteObject): ComponentType | null | undefined {
  if (!route.lazy) return route.Component;
  const code = loadRoute(route, route.lazy);
  if (code.status === 'loaded') return code.Component;
  if (code.status === 'failed') throw code.error;
  // Suspense waits for it and renders again (React's own protocol for code that is not there yet)
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw code.promise;
}

function RouteContent({ route }: { route: RouteObject }) {
  if (route.element !== undefined) return route.element;
  const Shown = componentOf(route);
  // components come from the route table, made once per route: never a new type per render
  return Shown ? createElement(Shown) : <Outlet />;
}

type BoundaryProps = { fallback: ComponentType; resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; hasError: boolean; resetKey: string };

/** A route's error screen: shown when anything under it throws, cleared by the next move. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, hasError: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext value={this.state.error}>
        <Fallback />
      </RouteErrorContext>
    );
  }
}

function RouteLevel({ matches, depth }: { matches: RouteMatch[]; depth: number }) {
  const { location } = useRouterState();
  const match = matches[depth];
  if (!match) return null;
  const { route } = match;
  const next = depth + 1 < matches.length ? <RouteLevel matches={matches} depth={depth + 1} /> : null;
  let content: ReactNode = (
    <OutletContext value={next}>
      <RouteContent route={route} />
    </OutletContext>
  );
  if (route.HydrateFallback) {
    const Fallback = route.HydrateFallback;
    content = <Suspense fallback={<Fallback />}>{content}</Suspense>;
  }
  if (route.ErrorBoundary) {
    content = (
      <RouteErrorBoundary fallback={route.ErrorBoundary} resetKey={location.key}>
        {content}
      </RouteErrorBoundary>
    );
  }
  return content;
}

/** Back and Forward return to where the page was scrolled; a new page opens at its top, or at its #anchor. */
function useScrollRestoration(location: Location, action: Action) {
  const positions = useRef(new Map<string, number>());
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.current.set(location.key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
    };
  }, [location.key]);
  useLayoutEffect(() => {
    if (action === 'POP') {
      window.scrollTo(0, positions.current.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action]);
}

export function RouterProvider({ router }: { router: AppRouter }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const update = () => {
      forgetFailedRoutes();
      startTransition(() => {
        setState(router.state);
      });
    };
    const stop = router.history.listen(update);
    // a move made between the first render and this effect
    if (router.history.location !== state.location) update();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per router
  }, [router]);
  useScrollRestoration(state.location, state.action);
  const matches = useMemo(
    () => matchRoutes(router.routes, state.location.pathname) ?? [],
    [router.routes, state.location.pathname],
  );
  const value = useMemo(() => ({ router, ...state, matches }), [router, state, matches]);
  return (
    <RouterContext value={value}>
      {/* routes without a loading screen of their own show nothing while their code loads */}
      <Suspense fallback={null}>
        <RouteLevel matches={matches} depth={0} />
      </Suspense>
    </RouterContext>
  );
}

export function Outlet() {
  return useContext(OutletContext);
}

export const useLocation = (): Location => useRouterState().location;

export function useParams(): Params {
  const { matches } = useRouterState();
  return matches.at(-1)?.params ?? {};
}

export const useRouteError = (): unknown => useContext(RouteErrorContext);

export function useNavigate(): NavigateFunction {
  const { router } = useRouterState();
  return useCallback((to: To | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

type SearchInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

function searchParamsOf(init: SearchInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init))
    return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  return params;
}

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { router, location } = useRouterState();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const current = new URLSearchParams(router.history.location.search);
      const search = searchParamsOf(typeof next === 'function' ? next(current) : next).toString();
      void router.navigate({ search: search ? `?${search}` : '' }, options);
    },
    [router],
  );
  return [params, set];
}

/** Moves as soon as it shows: a redirect. */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { router } = useRouterState();
  const target = hrefOf(resolveTo(to, router.history.location));
  useEffect(() => {
    void router.navigate(target, { replace: Boolean(replace), state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, to where it first said
  }, []);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To } & NavigateOptions;

/** Whether a click is an ordinary one this page should follow itself (not a new tab, a download, a modifier). */
function followsHere(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

export function Link({ to, replace, state, onClick, target, children, ...anchor }: LinkProps) {
  const { router, location } = useRouterState();
  const href = hrefOf(resolveTo(to, location));
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!followsHere(event, target) || anchor.download !== undefined) return;
        event.preventDefault();
        const here = hrefOf(router.history.location);
        // the same place again replaces, as a browser does
        void router.navigate(href, { replace: Boolean(replace) || here === href, state });
      }}
    >
      {children}
    </a>
  );
}

type ActiveState = { isActive: boolean; isPending: boolean };
export type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((state: ActiveState) => string | undefined);
  style?: CSSProperties | ((state: ActiveState) => CSSProperties | undefined);
  children?: ReactNode | ((state: ActiveState) => ReactNode);
};

/** A link that knows when it leads to the page on screen (or, without `end`, to a page under it). */
export function NavLink({ end, className, style, children, ...link }: NavLinkProps) {
  const { location } = useRouterState();
  const { pathname } = resolveTo(link.to, location);
  const here = location.pathname.toLowerCase();
  const there = pathname.toLowerCase().replace(/\/$/, '');
  const isActive =
    here === there || here === `${there}/` || (!end && there !== '' && here.startsWith(`${there}/`));
  const active: ActiveState = { isActive, isPending: false };
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(active) : className}
      style={typeof style === 'function' ? style(active) : style}
    >
      {typeof children === 'function' ? children(active) : children}
    </Link>
  );
}
