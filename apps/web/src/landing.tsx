import { bringLandingToLife } from '@/features/landing/live-landing.ts';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker.ts';
import '@/index.css';

// `/` is landing.html: the landing rendered at build, readable before any script runs. It is made live by a
// few lines of plain script (prices, contacts, the menu), not React, so the phone's first seconds stay free.
const root = document.getElementById('root');
if (root) bringLandingToLife(root);

if (import.meta.env.PROD) registerServiceWorker();
