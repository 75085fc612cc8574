import { Link, useLocation } from '@/lib/router/index.ts';
import { NavIcon, type NavIconName } from './nav-icon.tsx';

export type Tab = {
  label: string;
  to: string;
  icon: NavIconName;
  /** The pages that belong to this tab (each also covers the paths below it). */
  section: readonly string[];
};

function isWithin(pathname: string, base: string): boolean {
  const path = pathname.toLowerCase();
  const prefix = base.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The tab the page belongs to, or null for a page outside every tab. */
export function currentTab(tabs: readonly Tab[], pathname: string): Tab | null {
  return tabs.find((tab) => tab.section.some((base) => isWithin(pathname, base))) ?? null;
}

/** Phones: the app's five places, always one tap away at the bottom of the screen. */
export function BottomTabBar({ tabs, className = '' }: { tabs: readonly Tab[]; className?: string }) {
  const { pathname } = useLocation();
  const current = currentTab(tabs, pathname);
  return (
    <nav
      data-tab-bar
      aria-label="Main tabs"
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_4px_rgba(0,0,0,0.06)] print:hidden ${className}`}
    >
      <ul className="grid h-16 grid-cols-5">
        {tabs.map((tab) => {
          const isCurrent = tab === current;
          const isThisPage = pathname.toLowerCase() === tab.to.toLowerCase();
          return (
            <li key={tab.to} className="flex">
              <Link
                to={tab.to}
                aria-current={isCurrent ? (isThisPage ? 'page' : 'true') : undefined}
                className={`relative flex min-h-11 flex-1 flex-col items-center justify-center gap-1 px-0.5 text-[11px] leading-none font-semibold tracking-tight focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-500 ${
                  isCurrent ? 'text-brand-700' : 'text-gray-600 hover:text-gray-900'
                }`}
              >
                {isCurrent ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-3 top-0 h-0.5 rounded-b bg-brand-700"
                  />
                ) : null}
                <NavIcon name={tab.icon} className="h-6 w-6" />
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
