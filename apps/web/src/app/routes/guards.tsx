import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { aliasRedirect } from './aliases.ts';
import { ShellSkeleton } from './shell-skeleton.tsx';

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <p role="alert" className="text-base text-gray-900">
        We could not check your session. Check your connection and try again.
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** Signed-in pages: a visitor without a session goes to `signedOutTo`. */
export function RequireSession({ signedOutTo }: { signedOutTo: string }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <ShellSkeleton />;
  if (session.isError) {
    return (
      <SessionError
        onRetry={() => {
          void session.refetch();
        }}
      />
    );
  }
  if (session.data === null) {
    return <Navigate to={signedOutTo} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/** `/login` and `/signup`: shown at once; a signed-in visitor moves on to the dashboard. */
export function GuestOnly() {
  const { data: user } = useSession();
  if (user) return <Navigate to={paths.dashboard} replace />;
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
