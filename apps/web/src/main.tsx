import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider.tsx';
import { preloadFirstPage } from '@/app/preload.ts';
import { routes } from '@/app/router.tsx';
import { loadRoutesFor } from '@/lib/router/index.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker.ts';
import { protectSharedPhone } from '@/lib/shared-phone.ts';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
protectSharedPhone(queryClient);
preloadFirstPage(window.location.pathname, queryClient);

// the first page's code is already on its way (src/boot.ts): render once it is here, in one pass, rather than a
// loading screen for each of its levels first (each a render and a layout on a slow phone)
void loadRoutesFor(routes, window.location.pathname).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient} />
    </StrictMode>,
  );
});
if (import.meta.env.PROD) registerServiceWorker();
