import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** How long to wait before asking again for a chunk that failed to load while the browser was online. */
const RETRY_MS = [1000, 4000] as const;

/**
 * A chunk's import that does not fail the page for want of a network: offline (before the service worker
 * kept the chunk), it waits until the browser is online and asks again; online, it asks twice more, a
 * little later each time, then fails as the import did.
 */
export function importWhenReachable<T>(load: () => Promise<T>, retries: readonly number[] = RETRY_MS): Promise<T> {
  return load().catch((err: unknown) => {
    if (!navigator.onLine) {
      return new Promise<T>((resolve, reject) => {
        window.addEventListener('online', () => importWhenReachable(load, retries).then(resolve, reject), { once: true });
      });
    }
    if (retries.length === 0) throw err;
    return new Promise((wait) => setTimeout(wait, retries[0])).then(() => importWhenReachable(load, retries.slice(1)));
  });
}

/**
 * A part of a page loaded when it is first shown (React.lazy), whose chunk is asked for by
 * importWhenReachable: a toast or a dialog first wanted offline waits for the network instead of
 * replacing the page with its error.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound (a component of any props)
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<T>): LazyExoticComponent<T> {
  return lazy(() => importWhenReachable(load).then((Component) => ({ default: Component })));
}
