import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../ui/brand.tsx';
import { Icon } from '../ui/icons.tsx';
import { Sidebar, type NavEntry } from './sidebar.tsx';

type DashboardLayoutProps = {
  nav: NavEntry[];
  homePath: string;
  userName: string | undefined;
  balance: ReactNode;
  onLogout: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
};

/**
 * Phone: a top bar with a menu button that opens the sidebar as an off-canvas drawer.
 * Wide screens: the sidebar is a column that collapses to icons.
 */
export function DashboardLayout({
  nav,
  homePath,
  userName,
  balance,
  onLogout,
  isLoggingOut = false,
  children,
}: DashboardLayoutProps) {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isCollapsed, setIsCollapsed] = useState(false);
  const { pathname } = useLocation();
  const [drawerPath, setDrawerPath] = useState(pathname);

  // close the drawer when the page changes (for example with the browser's back button)
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setIsDrawerOpen(false);
  }

  useEffect(() => {
    if (!isDrawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [isDrawerOpen]);

  const closeDrawer = () => {
    setIsDrawerOpen(false);
  };

  return (
    <div className="flex min-h-dvh bg-gray-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {isDrawerOpen ? (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/40 lg:hidden" onClick={closeDrawer} />
      ) : null}
      <aside
        id="sidebar"
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-72 print:hidden flex-col max-w-[85vw] bg-brand-900 transition-transform motion-reduce:transition-none lg:sticky lg:top-0 lg:h-dvh lg:max-w-none lg:translate-x-0 ${
          isDrawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full lg:visible'
        } ${isCollapsed ? 'lg:w-20' : 'lg:w-64'}`}
      >
        <div className="flex items-center justify-between px-4 pt-4 lg:hidden">
          <span className="text-sm font-semibold text-gray-200">Menu</span>
          <button
            type="button"
            onClick={closeDrawer}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-amber-300"
          >
            <Icon name="close" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <Sidebar
          nav={nav}
          isCollapsed={isCollapsed}
          onNavigate={closeDrawer}
          onLogout={onLogout}
          isLoggingOut={isLoggingOut}
          onRequestExpand={() => {
            setIsCollapsed(false);
          }}
        />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex print:hidden items-center gap-2 border-b border-gray-200 bg-white px-3 py-2">
          <button
            type="button"
            aria-expanded={isDrawerOpen}
            aria-controls="sidebar"
            onClick={() => {
              setIsDrawerOpen(true);
            }}
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-brand-500 lg:hidden"
          >
            <Icon name="menu" />
            <span className="sr-only">Open menu</span>
          </button>
          <button
            type="button"
            aria-pressed={isCollapsed}
            onClick={() => {
              setIsCollapsed((value) => !value);
            }}
            className="hidden h-11 w-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-brand-500 lg:inline-flex"
          >
            <Icon
              name="collapse"
              className={`h-5 w-5 transition-transform ${isCollapsed ? 'rotate-180' : ''}`}
            />
            <span className="sr-only">Collapse sidebar</span>
          </button>
          <Link to={homePath} className="rounded focus-visible:outline-3 focus-visible:outline-brand-500">
            <Brand compact />
            <span className="sr-only"> dashboard</span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium text-gray-800" title={userName}>
              {userName}
            </span>
            {balance}
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-5">
          {children}
        </main>
      </div>
    </div>
  );
}
