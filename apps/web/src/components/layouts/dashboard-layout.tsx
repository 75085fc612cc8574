import { useState, type ReactNode } from 'react';
import { Link } from '@/lib/router/index.ts';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Brand, BrandMark } from '../ui/brand.tsx';
import { BottomTabBar, type Tab } from './bottom-tab-bar.tsx';
import { Sidebar, type NavEntry } from './sidebar.tsx';

type DashboardLayoutProps = {
  nav: NavEntry[];
  tabs: readonly Tab[];
  homePath: string;
  userName: string | undefined;
  balance: ReactNode;
  /** the notifications bell, beside the balance */
  bell?: ReactNode;
  onLogout: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
};

/**
 * Phones: a top bar, the page, and a tab bar fixed at the bottom. From tablet width up: a sidebar
 * column (it narrows to icons on request) beside the page. `--bottom-bar` is the height the tab bar
 * takes, so that anything pinned to the bottom of a page (a pay button) sits above it.
 */
export function DashboardLayout({
  nav,
  tabs,
  homePath,
  userName,
  balance,
  bell,
  onLogout,
  isLoggingOut = false,
  children,
}: DashboardLayoutProps) {
  const [isCollapsed, setIsCollapsed] = useState(false);

  return (
    <div className="flex min-h-dvh bg-gray-50 [--bottom-bar:calc(4rem+env(safe-area-inset-bottom))] md:[--bottom-bar:0px]">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside
        id="sidebar"
        aria-label="Sidebar"
        className={`hidden shrink-0 bg-brand-900 print:hidden md:block ${isCollapsed ? 'w-20' : 'w-64'}`}
      >
        {/* as tall as its links (never taller than the screen), so nothing hides below the fold */}
        <div className="sticky top-0 flex max-h-dvh flex-col">
          <Link
            to={homePath}
            className={`flex h-[61px] shrink-0 items-center border-b border-white/15 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-amber-300 ${
              isCollapsed ? 'justify-center' : 'px-5'
            }`}
          >
            <span className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
              <BrandMark />
              <span className={isCollapsed ? 'sr-only' : ''}>{PRODUCT_NAME}</span>
            </span>
            <span className="sr-only"> home</span>
          </Link>
          <Sidebar
            nav={nav}
            isCollapsed={isCollapsed}
            onNavigate={() => undefined}
            onLogout={onLogout}
            isLoggingOut={isLoggingOut}
            onRequestExpand={() => {
              setIsCollapsed(false);
            }}
            onToggleCollapsed={() => {
              setIsCollapsed((value) => !value);
            }}
          />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-[61px] items-center gap-2 border-b border-gray-200 bg-white px-4 print:hidden md:px-6">
          <Link
            to={homePath}
            className="rounded focus-visible:outline-3 focus-visible:outline-brand-500 md:hidden"
          >
            <Brand compact />
            <span className="sr-only"> home</span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium text-gray-800" title={userName}>
              {userName}
            </span>
            {bell}
            {balance}
          </div>
        </header>
        <main
          id="main"
          className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-[calc(var(--bottom-bar)+1.5rem)] md:px-6 lg:px-8"
        >
          {children}
        </main>
      </div>
      <BottomTabBar tabs={tabs} className="md:hidden" />
    </div>
  );
}
