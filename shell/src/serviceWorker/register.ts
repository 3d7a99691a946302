/**
 * Registers the app's service worker (docs/FRONTEND.md "Installable app") once the page has
 * loaded, so it never competes with the first screen for the network. Browsers without service
 * workers, and pages not served over https or from this machine, go without: the app works the
 * same, only without the cache of repeat visits and without push.
 */
import { SERVICE_WORKER_PATH } from '@blockpilot/shared/constants';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch((error: unknown) => console.warn('[shell] the service worker could not be registered:', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
