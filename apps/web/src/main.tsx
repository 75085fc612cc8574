import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider.tsx';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker.ts';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProvider />
  </StrictMode>,
);
if (import.meta.env.PROD) registerServiceWorker();
