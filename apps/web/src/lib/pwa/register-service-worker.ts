/**
 * Installs the service worker (production builds only: in development it would serve stale modules). It waits
 * for the page to finish loading, so it never competes with the first paint on a slow connection.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // the files this page loaded before the worker ran, so this page also paints offline next time
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(`${location.origin}/assets/`));
        registration.active?.postMessage({ type: 'keep-loaded', urls });
      })
      .catch(() => {
        // without a worker the app works as before, only not offline
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
