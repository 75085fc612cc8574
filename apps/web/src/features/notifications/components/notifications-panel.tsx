import { useId } from 'react';
import { NotificationList } from './notification-list.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';

/**
 * The inbox and the settings beside it: the Notifications tab of the profile, and the `/notifications` page
 * (which has its own title above, so it hides the inbox's).
 */
export function NotificationsTab({ isInboxTitled = true }: { isInboxTitled?: boolean }) {
  const inboxHeading = useId();
  const settingsHeading = useId();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={inboxHeading} className="flex flex-col gap-2">
        <h2 id={inboxHeading} className={isInboxTitled ? 'text-lg font-bold text-gray-900' : 'sr-only'}>
          Your notifications
        </h2>
        <NotificationList headingId={inboxHeading} />
      </section>
      <section
        aria-labelledby={settingsHeading}
        className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white px-4 py-3"
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
