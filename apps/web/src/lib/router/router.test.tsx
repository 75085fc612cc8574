import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resolveTo } from './history.ts';
import { matchRoutes, type RouteObject } from './match.ts';
import {
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useRouteError,
  useSearchParams,
} from './router.tsx';

const text = (value: string) => () => <p>{value}</p>;

describe('matchRoutes', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, Component: text('home') },
        { path: '/transactions', Component: text('list') },
        { path: '/transactions/:requestId', Component: text('receipt') },
        { path: '/transactions/new', Component: text('new') },
        { children: [{ path: '*', Component: text('not found') }] },
      ],
    },
  ];
  const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1);

  it('ranks a static segment above a parameter, and anything above a splat, whatever the order', () => {
    expect(leaf('/transactions/new')?.route.path).toBe('/transactions/new');
    expect(leaf('/transactions/abc')?.params).toEqual({ requestId: 'abc' });
    expect(leaf('/transactions')?.route.path).toBe('/transactions');
    expect(leaf('/')?.route.index).toBe(true);
    expect(leaf('/no/such/page')?.params).toEqual({ '*': 'no/such/page' });
  });

  it('gives the whole chain of layouts, decodes parameters, allows a trailing slash and any case unless told', () => {
    expect(matchRoutes(routes, '/transactions/a%20b/')?.map((m) => m.route.path)).toEqual([
      '/',
      '/transactions/:requestId',
    ]);
    expect(leaf('/transactions/a%20b')?.params).toEqual({ requestId: 'a b' });
    expect(leaf('/TRANSACTIONS')?.route.path).toBe('/transactions');
    const strict: RouteObject[] = [{ path: '/login', caseSensitive: true }];
    expect(matchRoutes(strict, '/Login')).toBeNull();
  });
});

describe('resolveTo', () => {
  const from = { pathname: '/admin/users', search: '?q=ada', hash: '' };
  it('keeps the page for a query or an anchor, and resolves a relative path from its folder', () => {
    expect(resolveTo('?tab=pin', from)).toEqual({ pathname: '/admin/users', search: '?tab=pin', hash: '' });
    expect(resolveTo('#top', from)).toEqual({ pathname: '/admin/users', search: '?q=ada', hash: '#top' });
    expect(resolveTo('purchases?x=1', from)).toEqual({
      pathname: '/admin/purchases',
      search: '?x=1',
      hash: '',
    });
    expect(resolveTo({ pathname: '/wallet' }, from)).toEqual({ pathname: '/wallet', search: '', hash: '' });
  });
});

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.search}`}</output>;
}

describe('RouterProvider', () => {
  it('follows links and keeps the page on screen until the next one has loaded', async () => {
    let resolveLoad: (value: { Component: () => React.JSX.Element }) => void = () => undefined;
    const routes: RouteObject[] = [
      {
        path: '/',
        HydrateFallback: text('loading the app'),
        Component: () => (
          <main>
            <nav>
              <NavLink to="/a" className={({ isActive }) => (isActive ? 'on' : 'off')}>
                A
              </NavLink>
              <Link to="/b">B</Link>
            </nav>
            <Where />
            <Outlet />
          </main>
        ),
        children: [
          { path: '/a', Component: text('page A') },
          {
            path: '/b',
            lazy: () =>
              new Promise((resolve) => {
                resolveLoad = resolve;
              }),
          },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    expect(screen.getByText('page A')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'A' }).className).toBe('on');

    await user.click(screen.getByRole('link', { name: 'B' }));
    expect(router.state.location.pathname).toBe('/b');
    expect(screen.getByText('page A')).toBeTruthy();
    expect(screen.queryByText('loading the app')).toBeNull();
    await act(async () => {
      resolveLoad({ Component: text('page B') });
      await Promise.resolve();
    });
    expect(await screen.findByText('page B')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A' }).className).toBe('off');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('page A')).toBeTruthy();
    expect(screen.getByLabelText('where').textContent).toBe('/a');
  });

  it('shows a route’s loading screen while its code loads the first time', async () => {
    let resolveLoad: (value: { Component: () => React.JSX.Element }) => void = () => undefined;
    const routes: RouteObject[] = [
      {
        path: '/b',
        HydrateFallback: text('loading B'),
        lazy: () =>
          new Promise((resolve) => {
            resolveLoad = resolve;
          }),
      },
    ];
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/b'] })} />);
    expect(await screen.findByText('loading B')).toBeTruthy();
    await act(async () => {
      resolveLoad({ Component: text('page B') });
      await Promise.resolve();
    });
    expect(await screen.findByText('page B')).toBeTruthy();
  });

  it('shows the error screen when a page’s code fails to load, and asks again on the next visit', async () => {
    let attempts = 0;
    const routes: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: () => <p role="alert">{String(useRouteError())}</p>,
        Component: Outlet,
        children: [
          {
            path: '/b',
            lazy: () => {
              attempts += 1;
              return attempts === 1
                ? Promise.reject(new Error('offline'))
                : Promise.resolve({ Component: text('page B') });
            },
          },
          { path: '/a', Component: text('page A') },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/b'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: offline');
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/b'));
    expect(await screen.findByText('page B')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('shows the nearest error screen when a page throws, and clears it on the next move', async () => {
    const Boom = () => {
      throw new Error('broken page');
    };
    const Shown = () => <p role="alert">{String(useRouteError())}</p>;
    const routes: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: Shown,
        Component: Outlet,
        children: [
          { path: '/boom', Component: Boom },
          { path: '/fine', Component: text('fine') },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/boom'] });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(<RouterProvider router={router} />);
      expect(screen.getByRole('alert').textContent).toBe('Error: broken page');
      await act(() => router.navigate('/fine'));
      expect(await screen.findByText('fine')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      console.error = quiet;
    }
  });

  it('reads and writes the query, passes parameters and redirects', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      const { id } = useParams();
      return (
        <>
          <p>{`user ${id ?? ''}, status ${params.get('status') ?? 'any'}`}</p>
          <button
            type="button"
            onClick={() => {
              setParams((previous) => ({ ...Object.fromEntries(previous), status: 'failed' }), {
                replace: true,
              });
            }}
          >
            Failed only
          </button>
        </>
      );
    }
    const routes: RouteObject[] = [
      { path: '/old', element: <Navigate to="/users/7?page=2" replace /> },
      { path: '/users/:id', Component: Filters },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/old'] });
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('user 7, status any')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Failed only' }));
    expect(await screen.findByText('user 7, status failed')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2&status=failed');
    expect(router.state.action).toBe('REPLACE');
  });
});
