import { registerServiceWorker } from '@/lib/pwa/register-service-worker.ts';
import '@/index.css';

// `/` is landing.html: the landing rendered at build, readable before any script runs. React and the page's
// code (the menu, the headline, the live prices) load once the page has loaded, or at the first touch or key
// if that comes sooner, so on a slow connection they never compete with the first paint.
const found = document.getElementById('root');
if (!found) throw new Error('The page has no #root element.');
const container: HTMLElement = found;

let isStarted = false;
const starters = ['pointerdown', 'keydown', 'focusin'] as const;
function start(): void {
  if (isStarted) return;
  isStarted = true;
  for (const type of starters) document.removeEventListener(type, start, true);
  import('./landing-hydrate.tsx').then(
    ({ hydrateLanding }) => {
      hydrateLanding(container);
    },
    () => {
      // the page stays as rendered at build: readable, its links working
    },
  );
}
for (const type of starters) document.addEventListener(type, start, { capture: true, once: true });
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });

if (import.meta.env.PROD) registerServiceWorker();
