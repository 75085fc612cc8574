import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider.tsx';
import { preloadFirstPage } from '@/app/preload.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker.ts';
import { protectSharedPhone } from '@/lib/shared-phone.ts';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
protectSharedPhone(queryClient);
preloadFirstPage(window.location.pathname, queryClient);

// a transition: React renders the first page in slices of a few milliseconds, so a slow phone never freezes
// for the whole of it (one long task of 300-500 ms at 4x CPU when rendered at once)
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient} />
    </StrictMode>,
  );
});
if (import.meta.env.PROD) registerServiceWorker();
