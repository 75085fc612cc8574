import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { Sidebar, type NavEntry } from './sidebar.tsx';

const nav: NavEntry[] = [
  { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: 'home' },
  {
    kind: 'group',
    id: 'purchase',
    label: 'Purchase',
    icon: 'cart',
    items: [{ kind: 'link', label: 'Airtime', to: '/airtime', icon: 'dot' }],
  },
  {
    kind: 'group',
    id: 'pay-bills',
    label: 'Pay Bills',
    icon: 'bills',
    items: [{ kind: 'link', label: 'DSTV', to: '/dstv', icon: 'dot' }],
  },
];

function renderSidebar(path = '/dashboard') {
  const onLogout = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <Sidebar
            nav={nav}
            isCollapsed={false}
            onNavigate={() => undefined}
            onLogout={onLogout}
            isLoggingOut={false}
          />
        ),
      },
    ],
    path,
  );
  return { ...view, onLogout };
}

describe('Sidebar', () => {
  it('expands and collapses each group on its own', async () => {
    const { user } = renderSidebar();
    const purchase = screen.getByRole('button', { name: 'Purchase' });
    const payBills = screen.getByRole('button', { name: 'Pay Bills' });
    expect(purchase.getAttribute('aria-expanded')).toBe('false');
    expect(payBills.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Airtime' })).toBeNull();

    await user.click(purchase);
    expect(purchase.getAttribute('aria-expanded')).toBe('true');
    expect(payBills.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Airtime' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'DSTV' })).toBeNull();

    await user.click(payBills);
    expect(purchase.getAttribute('aria-expanded')).toBe('true');
    expect(payBills.getAttribute('aria-expanded')).toBe('true');

    await user.click(purchase);
    expect(purchase.getAttribute('aria-expanded')).toBe('false');
    expect(payBills.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Airtime' })).toBeNull();
    expect(screen.getByRole('link', { name: 'DSTV' })).toBeTruthy();
  });

  it('opens the group of the current page', () => {
    renderSidebar('/dstv');
    expect(screen.getByRole('button', { name: 'Pay Bills' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Purchase' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('calls logout', async () => {
    const { user, onLogout } = renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('narrowed to icons, shows no unlabelled dots: each entry is an icon with its name and a tooltip', async () => {
    const onRequestExpand = vi.fn();
    const { user } = renderRoutes(
      [
        {
          path: '*',
          element: (
            <Sidebar
              nav={nav}
              isCollapsed
              onNavigate={() => undefined}
              onLogout={() => undefined}
              isLoggingOut={false}
              onRequestExpand={onRequestExpand}
            />
          ),
        },
      ],
      '/dstv',
    );
    // the current page's group stays folded: its links have no icon of their own
    expect(screen.queryByRole('link', { name: 'DSTV' })).toBeNull();
    const payBills = screen.getByRole('button', { name: 'Pay Bills' });
    expect(payBills.getAttribute('aria-expanded')).toBe('false');
    const entries = [...screen.getAllByRole('link'), ...screen.getAllByRole('button')];
    expect(entries.map((entry) => entry.getAttribute('title'))).toEqual(
      entries.map((entry) => entry.textContent),
    );
    await user.click(payBills);
    expect(onRequestExpand).toHaveBeenCalledTimes(1);
  });

  it('offers the collapse button only where the frame can narrow it, and asks the frame to', async () => {
    renderSidebar();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).toBeNull();
    const onToggleCollapsed = vi.fn();
    const { user } = renderRoutes(
      [
        {
          path: '*',
          element: (
            <Sidebar
              nav={nav}
              isCollapsed
              onNavigate={() => undefined}
              onLogout={() => undefined}
              isLoggingOut={false}
              onToggleCollapsed={onToggleCollapsed}
            />
          ),
        },
      ],
      '/dashboard',
    );
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(onToggleCollapsed).toHaveBeenCalledTimes(1);
  });
});
