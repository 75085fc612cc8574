import { useAppContactLinks } from '@/features/landing/components/app-contact-links.ts';
import { LandingPage } from '@/features/landing/components/landing-page.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';

/** The landing reached inside the app (a visit to `/` is served the page rendered at build instead). */
export function LandingRoute() {
  // shown at once; when the session is known, Get Started adapts
  const { data: user } = useSession();
  const contacts = useAppContactLinks();
  return <LandingPage startPath={user ? paths.dashboard : paths.signup} contacts={contacts} />;
}
