import { Link } from '@/lib/router/index.ts';
import { Icon } from '@/components/ui/icons.tsx';
import { paths } from '@/lib/paths.ts';
import { useUnreadNotifications } from '../live-notifications.ts';

/** The header's bell: how many notices are unread, live; it opens the inbox. */
export function NotificationBell() {
  const unread = useUnreadNotifications() ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={paths.notifications}
      aria-label={label}
      title={label}
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-brand-500"
    >
      <Icon name="bell" className="h-6 w-6" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white ring-2 ring-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
