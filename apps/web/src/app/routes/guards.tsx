import { useState } from 'react';
import { Navigate, Outlet, useLocation } from '@/lib/router/index.ts';
import { ReconnectingBanner } from '@/components/ui/reconnecting-banner.tsx';
import { paths } from '@/lib/paths.ts';
import { useIsReconnecting, useSession } from '@/lib/session.ts';
import { aliasRedirect } from './aliases.ts';
import { ShellSkeleton } from './shell-skeleton.tsx';

/**
 * Signed-in pages: a visitor without a session goes to `signedOutTo`. Only the server saying "not signed in"
 * signs out; while the session cannot be checked the page stays, under a reconnecting line.
 */
export function RequireSession({ signedOutTo }: { signedOutTo: string }) {
  const session = useSession();
  const isReconnecting = useIsReconnecting();
  const location = useLocation();
  if (session.data === null) {
    return <Navigate to={signedOutTo} replace state={{ from: location.pathname }} />;
  }
  return (
    <>
      <ReconnectingBanner isReconnecting={isReconnecting} />
      {session.data ? <Outlet /> : <ShellSkeleton />}
    </>
  );
}

/**
 * `/login` and `/signup`: shown at once; a visitor who arrives signed in moves on to the dashboard.
 * Someone who signs in here is taken on by the page itself, with its welcome message.
 */
export function GuestOnly() {
  const { data: user } = useSession();
  const [hasBeenSignedOut, setHasBeenSignedOut] = useState(false);
  if (user === null && !hasBeenSignedOut) setHasBeenSignedOut(true);
  if (user && !hasBeenSignedOut) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** Unmatched paths: old routes and sidebar targets (any letter case) redirect to their page. */
export function AliasRedirect() {
  const location = useLocation();
  const target = aliasRedirect(location.pathname);
  if (target !== null)
    return <Navigate to={{ pathname: target, search: location.search, hash: location.hash }} replace />;
  return <Outlet />;
}
