import { Outlet, ScrollRestoration } from 'react-router';
import { SandboxBanner } from '@/components/ui/sandbox-banner.tsx';
import { useIsSandbox } from '@/lib/api/get-meta.ts';

export function RootLayout() {
  const isSandbox = useIsSandbox();
  return (
    <>
      {isSandbox ? <SandboxBanner /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
