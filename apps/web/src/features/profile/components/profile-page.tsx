import type { ReactNode } from 'react';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import type { Profile } from '@quickvend/shared/api/profile';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useProfile } from '../api/get-profile.ts';
import { DevelopersSection } from './developers-section.tsx';
import { MyDataSection } from './my-data-section.tsx';
import { PinSection } from './pin-section.tsx';
import { EmailText, ProfileDetails } from './profile-details.tsx';
import { SignInSection } from './sign-in-section.tsx';

type TabKey = 'profile' | 'notifications';

const memberSince = new Intl.DateTimeFormat('en-NG', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

function Breadcrumb() {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-sm text-gray-600">
        <li>
          <Link
            to={paths.account}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            Account
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="font-semibold text-gray-900">
          Profile
        </li>
      </ol>
    </nav>
  );
}

/** Who the customer is at a glance. */
function ProfileCard({ profile }: { profile: Profile | undefined }) {
  const name = profile?.name.trim() || messages.wallet.noUsername;
  return (
    <section
      aria-label="Your account"
      className="flex items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
      >
        {profile ? name.charAt(0).toUpperCase() : null}
      </span>
      {profile ? (
        <div className="flex min-w-0 flex-col">
          <p className="text-lg font-bold wrap-anywhere text-gray-900">{name}</p>
          <p className="text-sm wrap-anywhere text-gray-700">
            <EmailText email={profile.email} />
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
            Customer since {memberSince.format(new Date(profile.memberSince))}
            {profile.partnerAccessSince ? <StatusBadge label="Partner" tone="neutral" /> : null}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-52" />
          <Skeleton className="h-4 w-32" />
        </div>
      )}
    </section>
  );
}

/**
 * `/profile`: a profile card, the Profile Details card (its Profile tab, and a Notifications tab whose
 * content the route gives), the PIN, the password and devices, partner access with API keys, and the
 * customer's data.
 */
export function ProfilePage({ notificationsTab }: { notificationsTab: ReactNode }) {
  const session = useSession();
  const profile = useProfile();
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = search.get('tab') === 'notifications' ? 'notifications' : 'profile';

  const problem = session.isError
    ? messages.profile.fetchFailed
    : session.data === null
      ? messages.profile.notLoggedIn
      : profile.isError
        ? isApiError(profile.error, 'NOT_FOUND')
          ? messages.profile.notFound
          : messages.profile.fetchFailed
        : null;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <title>{`Profile · ${PRODUCT_NAME}`}</title>
      <div>
        <Breadcrumb />
        <h1 className="text-2xl font-bold text-gray-900">Profile</h1>
      </div>
      {problem ? (
        <StatusMessage message={problem} tone="error" />
      ) : (
        <>
          <ProfileCard profile={profile.data} />
          <section
            aria-labelledby="details-heading"
            className="rounded-2xl border border-gray-200 bg-white p-4"
          >
            <h2 id="details-heading" className="mb-2 text-lg font-bold text-gray-900">
              Profile Details
            </h2>
            <Tabs
              label="Profile Details"
              selected={tab}
              onSelect={(key) => {
                setSearch(key === 'profile' ? {} : { tab: key }, { replace: true });
              }}
              tabs={[
                {
                  key: 'profile',
                  label: 'Profile',
                  content: profile.data ? (
                    <ProfileDetails profile={profile.data} />
                  ) : (
                    <div className="flex flex-col gap-3" aria-hidden="true">
                      {Array.from({ length: 5 }, (_, index) => (
                        <Skeleton key={index} className="h-11 w-full" />
                      ))}
                    </div>
                  ),
                },
                { key: 'notifications', label: 'Notifications', content: notificationsTab },
              ]}
            />
          </section>
          <PinSection />
          <SignInSection />
          {profile.data ? <DevelopersSection profile={profile.data} /> : null}
          <MyDataSection />
        </>
      )}
    </div>
  );
}
