import { Link } from '@/lib/router/index.ts';
import type { Notification, NotificationCategory } from '@quickvend/shared/api/notifications';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon, type IconName } from '@/components/ui/icons.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { useUnreadNotifications } from '../live-notifications.ts';

const categoryIcon: Record<NotificationCategory, IconName> = {
  purchases: 'cart',
  funding: 'wallet',
  referrals: 'gift',
  security: 'shield',
};

const itemClasses =
  'flex w-full gap-3 px-3 py-3 text-left hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-500';

function NoticeContent({ notice }: { notice: Notification }) {
  return (
    <>
      <span
        className={`mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
          notice.isRead ? 'bg-gray-100 text-gray-500' : 'bg-brand-50 text-brand-800'
        }`}
      >
        <Icon name={categoryIcon[notice.category]} className="h-5 w-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start justify-between gap-2">
          <span
            className={`text-base break-words ${notice.isRead ? 'font-medium text-gray-800' : 'font-bold text-gray-900'}`}
          >
            {notice.isRead ? null : <span className="sr-only">Unread: </span>}
            {notice.title}
          </span>
          {notice.isRead ? null : (
            <span aria-hidden="true" className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" />
          )}
        </span>
        <span className="mt-0.5 block text-sm break-words text-gray-700">{notice.body}</span>
        <span className="mt-1 block text-xs text-gray-600">{formatLagosDateTime(notice.createdAt)}</span>
      </span>
    </>
  );
}

function InboxSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="flex gap-3 px-3 py-3">
          <Skeleton className="h-9 w-9 rounded-full" />
          <span className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-28" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The inbox, newest first: unread notices in bold with a dot. Opening one goes where it leads (the receipt,
 * the wallet) and marks it read.
 */
export function NotificationList({ headingId }: { headingId: string }) {
  const inbox = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const notices = inbox.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadCount = useUnreadNotifications() ?? 0;
  const hasUnread = unreadCount > 0 || notices.some((notice) => !notice.isRead);
  const open = (notice: Notification) => {
    if (!notice.isRead) markRead.mutate(notice.id);
  };

  if (inbox.isPending) {
    return (
      <>
        <p className="sr-only">Loading your notifications...</p>
        <InboxSkeleton />
      </>
    );
  }
  if (inbox.isError && notices.length === 0) {
    return (
      <div className="flex flex-col items-start gap-2">
        <StatusMessage
          message="We could not load your notifications. Check your connection and try again."
          tone="error"
        />
        <Button variant="secondary" onClick={() => void inbox.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (notices.length === 0) {
    return (
      <EmptyState title="No notifications yet">
        We will tell you here when a purchase is delivered or refunded, when money reaches your wallet, and
        when something changes on your account.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {hasUnread ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-gray-700">
            {unreadCount > 0 ? `${unreadCount} unread` : ''}
          </p>
          <Button
            variant="text"
            className="px-2"
            isBusy={markAllRead.isPending}
            busyLabel="Marking..."
            onClick={() => {
              markAllRead.mutate();
            }}
          >
            Mark all as read
          </Button>
        </div>
      ) : null}
      <StatusMessage
        message={markAllRead.isError ? 'We could not mark them as read. Please try again.' : null}
        tone="error"
      />
      <ul
        aria-labelledby={headingId}
        className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white"
      >
        {notices.map((notice) => (
          <li key={notice.id} className={notice.isRead ? '' : 'bg-brand-50/40'}>
            {notice.link ? (
              <Link
                to={notice.link}
                className={itemClasses}
                onClick={() => {
                  open(notice);
                }}
              >
                <NoticeContent notice={notice} />
              </Link>
            ) : (
              <button
                type="button"
                className={itemClasses}
                onClick={() => {
                  open(notice);
                }}
              >
                <NoticeContent notice={notice} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {inbox.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          isBusy={inbox.isFetchingNextPage}
          busyLabel="Loading..."
          onClick={() => void inbox.fetchNextPage()}
        >
          Show older notifications
        </Button>
      ) : null}
    </div>
  );
}
