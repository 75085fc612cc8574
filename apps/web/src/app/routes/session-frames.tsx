import { Link, Navigate, Outlet, useLocation, useSearchParams } from '@/lib/router/index.ts';
import { LandingLayout, type LandingNavItem } from '@/components/layouts/landing-layout.tsx';
import { Brand } from '@/components/ui/brand.tsx';
import { ReconnectingBanner } from '@/components/ui/reconnecting-banner.tsx';
import { useAppContactLinks } from '@/features/landing/components/app-contact-links.ts';
import { LandingFooter, landingNav } from '@/features/landing/components/landing-page.tsx';
import { paths } from '@/lib/paths.ts';
import { useIsReconnecting, useSession } from '@/lib/session.ts';
import { DashboardShell } from './dashboard-shell.tsx';
import { BlankLoading, ShellSkeleton } from './shell-skeleton.tsx';

function ReconnectingDashboard({ isReconnecting }: { isReconnecting: boolean }) {
  return (
    <>
      <ReconnectingBanner isReconnecting={isReconnecting} />
      <DashboardShell />
    </>
  );
}

/** The landing page's sections, reached from another public page. */
const publicNav: LandingNavItem[] = landingNav.map((item) => ({
  ...item,
  href: `${paths.landing}${item.href}`,
}));

/**
 * A page anyone may read (data pricing): inside the dashboard for a signed-in user, in the landing
 * page's frame for a visitor.
 */
export function PublicOrDashboard() {
  const session = useSession();
  const isReconnecting = useIsReconnecting();
  const contacts = useAppContactLinks();
  // a visitor is not kept waiting on a server that is away: the public frame shows meanwhile
  if (session.isPending && !isReconnecting) return <BlankLoading />;
  if (session.data) return <ReconnectingDashboard isReconnecting={isReconnecting} />;
  return (
    <LandingLayout
      nav={publicNav}
      signupPath={paths.signup}
      footer={<LandingFooter contacts={contacts} />}
      homeHref={paths.landing}
    >
      <div className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </div>
    </LandingLayout>
  );
}

/**
 * The change-pin page: inside the dashboard for a signed-in user. The mailed link (`?token=`) also
 * works signed out (the account password proves the owner); without it a visitor signs in first.
 */
export function TokenOrDashboard() {
  const session = useSession();
  const isReconnecting = useIsReconnecting();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (session.isPending) {
    return (
      <>
        <ReconnectingBanner isReconnecting={isReconnecting} />
        <ShellSkeleton />
      </>
    );
  }
  if (session.data) return <ReconnectingDashboard isReconnecting={isReconnecting} />;
  if (!searchParams.get('token')) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  }
  return (
    <div className="flex min-h-dvh flex-col items-center gap-6 bg-gray-50 px-4 py-6">
      <Link to={paths.landing} className="rounded focus-visible:outline-3 focus-visible:outline-brand-500">
        <Brand />
      </Link>
      <main className="w-full">
        <Outlet />
      </main>
    </div>
  );
}
