import { useLocation } from '@/lib/router/index.ts';
import { useAppContactLinks } from '@/features/landing/components/app-contact-links.ts';
import { LandingPage } from '@/features/landing/components/landing-page.tsx';
import { useSession } from '@/lib/session.ts';
import { wasSignedIn } from '@/lib/session-hint.ts';

/** The landing reached inside the app (a visit to `/` is served the page rendered at build instead). */
export function LandingRoute() {
  // shown at once, from the session hint until the session is known
  const { data: user } = useSession();
  const contacts = useAppContactLinks();
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' && state !== null && 'flash' in state && typeof state.flash === 'string'
      ? state.flash
      : null;
  return (
    <LandingPage
      isSignedIn={user === undefined ? wasSignedIn() : user !== null}
      contacts={contacts}
      notice={notice}
    />
  );
}
