/** The file the service worker reads at install (public/service-worker.js), written by vite.config.ts. */
export const PRECACHE_MANIFEST_FILE = 'precache-manifest.json';

/**
 * The app shell the service worker keeps for offline use: index.html and every hashed JavaScript and CSS
 * file of the build (the entry, its chunks and the lazy pages), never source maps. Sorted, so the same
 * build gives the same list.
 */
export function precacheList(fileNames: Iterable<string>): string[] {
  const assets = [...fileNames].filter((f) => /^assets\/[^/]+\.(?:js|css)$/.test(f)).map((f) => `/${f}`);
  return ['/index.html', ...assets.sort()];
}

/** The build version of an entry chunk file name: 'assets/index-B3x.js' -> 'index-B3x' (as buildVersion() in the page). */
export function versionOfEntry(fileName: string | undefined): string {
  const m = fileName ? /^assets\/(.+)\.js$/.exec(fileName) : null;
  return m ? m[1] : 'dev';
}
