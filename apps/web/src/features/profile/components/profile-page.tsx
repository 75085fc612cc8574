import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useSession } from '@/lib/session.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { PinSection } from './pin-section.tsx';

/** An email that, when it must wrap, wraps after the @ first rather than mid-word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** `/profile`: who the user is, their transaction PIN and their API keys. */
export function ProfilePage() {
  const session = useSession();
  const user = session.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <title>{`Profile · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Profile</h1>
      {session.isError ? (
        <StatusMessage message={messages.profile.fetchFailed} tone="error" />
      ) : user === null ? (
        <StatusMessage message={messages.profile.notLoggedIn} tone="error" />
      ) : (
        <section
          aria-labelledby="details-heading"
          className="rounded-2xl border border-gray-200 bg-white p-4"
        >
          <h2 id="details-heading" className="sr-only">
            Your details
          </h2>
          {/* each value gets the card's whole width, so an email breaks only when a line cannot hold it */}
          <dl className="flex flex-col gap-3">
            <div className="min-w-0">
              <dt className="text-sm font-semibold text-gray-600">Username</dt>
              <dd className="wrap-anywhere text-gray-900">
                {user ? user.name.trim() || messages.wallet.noUsername : <Skeleton className="h-5 w-32" />}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm font-semibold text-gray-600">Email</dt>
              <dd className="wrap-anywhere text-gray-900" data-testid="profile-email">
                {user ? <EmailText email={user.email} /> : <Skeleton className="h-5 w-48" />}
              </dd>
            </div>
          </dl>
        </section>
      )}
      <PinSection />
      <ApiKeysSection />
    </div>
  );
}
