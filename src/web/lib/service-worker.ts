/**
 * The app's service worker (public/service-worker.js): registered once from /service-worker.js with the
 * build's version (listener spec §7), checked for updates whenever the page becomes visible again, and
 * the page reloads when a new worker takes control. The worker itself: public/service-worker.js.
 */

/** The URL of the build's entry chunk, handed over by main.tsx through startServiceWorker(). */
let entryUrl: string | undefined;

/**
 * The build's version: the hashed name of the entry chunk ('dev' in development). The entry's hash
 * changes with any change of the build: its stylesheet, and the hashed names of the chunks it loads.
 */
export function buildVersion(url: string = entryUrl ?? import.meta.url): string {
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

/** What reloadOnControllerChange needs of navigator.serviceWorker (a seam for the unit test). */
export interface ControllerSource {
  readonly controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

/**
 * Reloads the page once when a new worker takes control (L-4.12-02), so the page runs the build the
 * worker serves. The very first install is no update: a page that had no controller when it loaded
 * only gains one, and keeps running.
 */
export function reloadOnControllerChange(source: ControllerSource, reload: () => void) {
  let hadController = Boolean(source.controller);
  let reloading = false;
  source.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    reload();
  });
}

/** Registers the worker after the page has loaded and keeps it up to date. */
export function startServiceWorker(entry: string) {
  entryUrl = entry;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  reloadOnControllerChange(navigator.serviceWorker, () => window.location.reload());
  const start = () => void registerServiceWorker();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !registration) return;
    void registration.then((r) => r?.update().catch((e: unknown) => console.error('[sw] update check failed', e)));
  });
}
