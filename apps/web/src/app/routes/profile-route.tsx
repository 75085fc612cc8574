import { NotificationsTab } from '@/features/notifications/components/notifications-panel.tsx';
import { ProfilePage } from '@/features/profile/components/profile-page.tsx';

/** `/profile`, with the notifications inbox and choices as its Notifications tab. */
export function ProfileRoute() {
  return <ProfilePage notificationsTab={<NotificationsTab />} />;
}
