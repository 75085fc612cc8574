import { OfflineBanner } from '@/components/ui/offline-banner.tsx';
import { LandingPage } from './landing-page.tsx';

/** The landing as `/` serves it: rendered at build (src/landing-prerender.tsx), made live by ../live-landing.ts. */
export function LandingRoot() {
  return (
    <>
      <OfflineBanner />
      <LandingPage />
    </>
  );
}
