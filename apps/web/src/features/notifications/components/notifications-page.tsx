import { PRODUCT_NAME } from '@quickvend/shared/services';
import { NotificationsTab } from './notifications-panel.tsx';

const TITLE = 'Notifications';

/** `/notifications`: what happened to the customer's purchases, money and account, and how they hear of it. */
export function NotificationsPage() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <title>{`${TITLE} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">{TITLE}</h1>
      <NotificationsTab variant="page" />
    </div>
  );
}
