/**
 * Installs the service worker (production builds only: in development it would serve stale modules). It waits
 * for the page to finish loading, so saving the app for offline use never competes with the first paint on a
 * slow connection.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // without a worker the app works as before, only not offline
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
