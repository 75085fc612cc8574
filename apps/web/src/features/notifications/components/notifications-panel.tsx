import { useId } from 'react';
import { NotificationList } from './notification-list.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';

/**
 * The inbox and the settings beside it. As the profile's Notifications tab (the default) it sits flat inside
 * the tab's card; as the `/notifications` page (`variant="page"`, titled by the page) the settings are a card.
 */
export function NotificationsTab({ variant = 'tab' }: { variant?: 'tab' | 'page' }) {
  const inboxHeading = useId();
  const settingsHeading = useId();
  const isPage = variant === 'page';
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={inboxHeading} className="flex flex-col gap-2">
        <h2 id={inboxHeading} className={isPage ? 'sr-only' : 'text-lg font-bold text-gray-900'}>
          Your notifications
        </h2>
        <NotificationList headingId={inboxHeading} />
      </section>
      <section
        aria-labelledby={settingsHeading}
        className={
          isPage
            ? 'flex flex-col gap-1 rounded-xl border border-gray-200 bg-white px-4 py-3'
            : 'flex flex-col gap-1 border-t border-gray-200 pt-4'
        }
      >
        <h2 id={settingsHeading} className="text-lg font-bold text-gray-900">
          How we reach you
        </h2>
        <p className="text-sm text-gray-600">Everything always shows here. Choose what we also send you.</p>
        <NotificationPreferences />
      </section>
    </div>
  );
}
