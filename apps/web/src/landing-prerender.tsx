import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SandboxBanner } from '@/components/ui/sandbox-banner.tsx';
import { LandingRoot } from '@/features/landing/components/landing-root.tsx';

/** Run at build by build/prerender.ts: the landing's markup (made live by live-landing.ts), and the sandbox banner. */
export function renderLanding(): { landing: string; sandboxBanner: string } {
  return {
    landing: renderToString(
      <StrictMode>
        <LandingRoot />
      </StrictMode>,
    ),
    sandboxBanner: renderToString(<SandboxBanner />),
  };
}
