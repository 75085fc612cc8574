import { Outlet, useNavigate } from '@/lib/router/index.ts';
import { NavigateProvider } from '@/components/ui/app-link.tsx';
import { OfflineBanner } from '@/components/ui/offline-banner.tsx';
import { SandboxBanner } from '@/components/ui/sandbox-banner.tsx';
import { useIsSandbox } from '@/lib/sandbox.ts';

export function RootLayout() {
  const isSandbox = useIsSandbox();
  const navigate = useNavigate();
  return (
    <NavigateProvider
      value={(to) => {
        void navigate(to);
      }}
    >
      {isSandbox ? <SandboxBanner /> : null}
      <OfflineBanner />
      <Outlet />
    </NavigateProvider>
  );
}
