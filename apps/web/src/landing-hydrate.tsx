import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from '@/features/landing/components/landing-root.tsx';

/** Makes the landing rendered at build live: its menu, its headline and its prices. */
export function hydrateLanding(container: HTMLElement): void {
  hydrateRoot(
    container,
    <StrictMode>
      <LandingRoot />
    </StrictMode>,
  );
}
