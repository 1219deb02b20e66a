/**
 * The app's service worker (public/service-worker.js): registered once from /service-worker.js with the
 * build's version (listener spec §7), checked for updates whenever the page becomes visible again.
 */

/** The build's version: the hashed name of the entry chunk this module is bundled into ('dev' in development). */
export function buildVersion(url: string = import.meta.url): string {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  const m = /^(.+)\.js$/.exec(file);
  return m && new URL(url).pathname.startsWith('/assets/') ? m[1] : 'dev';
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register(`/service-worker.js?v=${encodeURIComponent(buildVersion())}`).catch((e: unknown) => {
    console.error('[sw] registration failed', e);
    registration = null;
    return null;
  });
  return registration;
}

/** Registers the worker after the page has loaded and keeps it up to date. */
export function startServiceWorker() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => void registerServiceWorker();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !registration) return;
    void registration.then((r) => r?.update().catch((e: unknown) => console.error('[sw] update check failed', e)));
  });
}
