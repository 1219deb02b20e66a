/*
 * 無限 Mugen service worker (docs/decisions/0009-pwa.md). Registered by src/web/lib/service-worker.ts as
 * /service-worker.js?v=<build version>; a new build means a new URL, so the browser installs the new
 * worker, which takes over at once and the page reloads (controllerchange).
 *
 * - Offline app shell: index.html and the build's hashed JS and CSS, listed by the build in
 *   /precache-manifest.json, are cached at install in a cache named after the version; older shell
 *   caches are removed on activate.
 * - Navigations: network first, the cached index.html when the network fails.
 * - Hashed assets (/assets/*): cache first (their names change with their content).
 * - /api/*, /uploads/*, /health, /ping: never touched by the worker. Audio offline (premium, later
 *   issue) gets its own cache under AUDIO_CACHE_PREFIX and a branch in the fetch handler: see
 *   `offlineAudioResponse` below.
 * - Web push: shows notifications and opens the right page when one is tapped.
 */

const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const SHELL_CACHE_PREFIX = 'mugen-shell-';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${VERSION}`;
/** Reserved for offline audio (a later issue): never removed by the shell's clean-up. */
const AUDIO_CACHE_PREFIX = 'mugen-audio-';
const SHELL_HTML = '/index.html';
const PRECACHE_MANIFEST = '/precache-manifest.json';

async function shellUrls() {
  try {
    const res = await fetch(PRECACHE_MANIFEST, { cache: 'no-store' });
    if (!res.ok) return [SHELL_HTML];
    const manifest = await res.json();
    return Array.isArray(manifest.urls) && manifest.urls.length > 0 ? manifest.urls : [SHELL_HTML];
  } catch {
    return [SHELL_HTML];
  }
}

async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const urls = await shellUrls();
  try {
    // cache: 'reload' so the browser's HTTP cache cannot hand back an older index.html.
    await cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' })));
  } catch (e) {
    // Push must keep working even when the shell could not be cached (offline during an update).
    console.error('[sw] the app shell could not be cached', e);
  }
}

self.addEventListener('install', (event) => {
  // A new version takes over as soon as its shell is cached; the page reloads on controllerchange.
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(SHELL_CACHE_PREFIX) && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

/** Paths the worker never answers: the API (never cached), uploads, health checks. */
function isPassThrough(url) {
  const p = url.pathname;
  return p === '/api' || p.startsWith('/api/') || p.startsWith('/uploads/') || p === '/health' || p === '/ping';
}

/**
 * Seam for offline audio (premium, a later issue): return a cached Response for a stream request to
 * answer it from AUDIO_CACHE_PREFIX caches, or null to let the network answer. Today audio is never
 * cached by the worker.
 */
function offlineAudioResponse(_request) {
  return null;
}

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch (e) {
    const cached = await caches.match(SHELL_HTML, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw e;
  }
}

async function cacheFirstAsset(request) {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) {
    const copy = res.clone();
    caches
      .open(SHELL_CACHE)
      .then((c) => c.put(request, copy))
      .catch(() => {});
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isPassThrough(url)) {
    const audio = offlineAudioResponse(request);
    if (audio) event.respondWith(audio);
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirstAsset(request));
});

/** The server pushes { title, body, url, tag, notificationId } (src/server/features/push). */
function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = readPayload(event);
  const title = data.title || '無限';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'ja',
      data: { url: data.url || '/notifications', notificationId: data.notificationId ?? null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/notifications', self.location.origin);
  // Only pages of this app are opened from a notification.
  const url = target.origin === self.location.origin ? target.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((c) => c.url === url);
      if (same) return same.focus();
      const ours = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (ours && 'navigate' in ours) {
        try {
          const page = await ours.navigate(url);
          return (page || ours).focus();
        } catch {
          // An uncontrolled page cannot be navigated from here: open a new one.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
