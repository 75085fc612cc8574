import { useId, useState } from 'react';
import { NavLink, useLocation } from '@/lib/router/index.ts';
import { Icon } from '../ui/icons.tsx';
import { NavIcon, type NavIconName } from './nav-icon.tsx';

export type NavLinkItem = {
  kind: 'link';
  label: string;
  to: string;
  icon: NavIconName;
  /** A plain link out of the app (a phone number, a server page). */
  isExternal?: boolean;
  /** Highlight only on an exact path match (several entries may share a page). */
  isPlain?: boolean;
};

export type NavGroup = { kind: 'group'; id: string; label: string; icon: NavIconName; items: NavLinkItem[] };

export type NavEntry = NavLinkItem | NavGroup;

type SidebarProps = {
  nav: NavEntry[];
  /** Icons only (wide screens). */
  isCollapsed: boolean;
  onNavigate: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** Asked for when a group is opened while the sidebar shows icons only. */
  onRequestExpand?: () => void;
  /** Shows the button that narrows the sidebar to icons (wide screens). */
  onToggleCollapsed?: () => void;
};

const itemClasses =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-100 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-amber-300';

/** Icons alone sit in the middle of the narrow column. */
const collapsedClasses = 'justify-center px-0';

function SidebarLink({
  item,
  isCollapsed,
  onNavigate,
  isNested = false,
}: {
  item: NavLinkItem;
  isCollapsed: boolean;
  onNavigate: () => void;
  isNested?: boolean;
}) {
  const label = <span className={isCollapsed ? 'sr-only' : ''}>{item.label}</span>;
  const icon = (
    <NavIcon name={item.icon} className={isNested && !isCollapsed ? 'h-4 w-4 opacity-80' : 'h-5 w-5'} />
  );
  if (item.isExternal) {
    const isWeb = item.to.startsWith('http');
    return (
      <a
        href={item.to}
        className={`${itemClasses} ${isCollapsed ? collapsedClasses : ''}`}
        {...(isWeb ? { target: '_blank', rel: 'noreferrer' } : {})}
        title={isCollapsed ? item.label : undefined}
      >
        {icon}
        {label}
      </a>
    );
  }
  return (
    <NavLink
      to={item.to}
      end
      onClick={onNavigate}
      title={isCollapsed ? item.label : undefined}
      className={({ isActive }) =>
        `${itemClasses} ${isCollapsed ? collapsedClasses : ''} ${isActive && !item.isPlain ? 'bg-white/15 font-semibold text-white' : ''}`
      }
    >
      {icon}
      {label}
    </NavLink>
  );
}

/**
 * A group of links. While the sidebar shows icons only, its links stay folded away (they have no icons of
 * their own) and the group's icon is marked when the current page is one of them; opening it brings the
 * labels back.
 */
function SidebarGroup({
  group,
  isExpanded,
  holdsCurrentPage,
  onToggle,
  isCollapsed,
  onNavigate,
}: {
  group: NavGroup;
  isExpanded: boolean;
  holdsCurrentPage: boolean;
  onToggle: () => void;
  isCollapsed: boolean;
  onNavigate: () => void;
}) {
  const listId = useId();
  const isOpen = isExpanded && !isCollapsed;
  return (
    <li>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={onToggle}
        title={isCollapsed ? group.label : undefined}
        className={`${itemClasses} w-full text-left ${
          isCollapsed ? `${collapsedClasses} ${holdsCurrentPage ? 'bg-white/15 text-white' : ''}` : ''
        }`}
      >
        <NavIcon name={group.icon} />
        <span className={isCollapsed ? 'sr-only' : 'flex-1'}>{group.label}</span>
        {isCollapsed ? null : (
          <Icon name="chevron" className={`h-4 w-4 transition-transform ${isExpanded ? 'rotate-180' : ''}`} />
        )}
      </button>
      <ul id={listId} hidden={!isOpen} className="ml-4 border-l border-white/20 pl-2">
        {group.items.map((item) => (
          <li key={`${item.label}-${item.to}`}>
            <SidebarLink item={item} isCollapsed={isCollapsed} onNavigate={onNavigate} isNested />
          </li>
        ))}
      </ul>
    </li>
  );
}

function groupsContaining(nav: NavEntry[], pathname: string): Record<string, boolean> {
  const open: Record<string, boolean> = {};
  for (const entry of nav) {
    if (
      entry.kind === 'group' &&
      entry.items.some((item) => item.to.toLowerCase() === pathname.toLowerCase())
    ) {
      open[entry.id] = true;
    }
  }
  return open;
}

export function Sidebar({
  nav,
  isCollapsed,
  onNavigate,
  onLogout,
  isLoggingOut,
  onRequestExpand,
  onToggleCollapsed,
}: SidebarProps) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() => groupsContaining(nav, pathname));
  const current = groupsContaining(nav, pathname);

  const toggle = (id: string) => {
    if (isCollapsed && onRequestExpand) {
      // icons alone say little: opening a group shows the labels again
      onRequestExpand();
      setExpanded((current) => ({ ...current, [id]: true }));
      return;
    }
    setExpanded((current) => ({ ...current, [id]: current[id] !== true }));
  };

  return (
    <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3">
      <ul className="flex flex-col gap-1">
        {nav.map((entry) =>
          entry.kind === 'group' ? (
            <SidebarGroup
              key={entry.id}
              group={entry}
              isExpanded={expanded[entry.id] === true}
              holdsCurrentPage={current[entry.id] === true}
              onToggle={() => {
                toggle(entry.id);
              }}
              isCollapsed={isCollapsed}
              onNavigate={onNavigate}
            />
          ) : (
            <li key={`${entry.label}-${entry.to}`}>
              <SidebarLink item={entry} isCollapsed={isCollapsed} onNavigate={onNavigate} />
            </li>
          ),
        )}
      </ul>
      <div className="mt-auto flex flex-col gap-1 border-t border-white/20 pt-2">
        <button
          type="button"
          onClick={onLogout}
          disabled={isLoggingOut}
          className={`${itemClasses} w-full text-left disabled:opacity-70 ${isCollapsed ? collapsedClasses : ''}`}
          title={isCollapsed ? 'Logout' : undefined}
        >
          <Icon name="logout" />
          <span className={isCollapsed ? 'sr-only' : ''}>{isLoggingOut ? 'Logging out...' : 'Logout'}</span>
        </button>
        {onToggleCollapsed ? (
          <button
            type="button"
            aria-pressed={isCollapsed}
            onClick={onToggleCollapsed}
            className={`${itemClasses} w-full text-left ${isCollapsed ? collapsedClasses : ''}`}
            title={isCollapsed ? 'Show labels' : undefined}
          >
            <Icon
              name="collapse"
              className={`h-5 w-5 transition-transform motion-reduce:transition-none ${isCollapsed ? 'rotate-180' : ''}`}
            />
            <span className={isCollapsed ? 'sr-only' : ''}>Collapse sidebar</span>
          </button>
        ) : null}
      </div>
    </nav>
  );
}
