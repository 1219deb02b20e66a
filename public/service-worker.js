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
 * - /api/*, /uploads/*, /rss/* (podcast feeds), /health, /ping, and every write: never touched by the worker (where the
 *   browser has static routing they bypass it altogether, STATIC_ROUTES), except the audio of the tracks a
 *   premium member keeps for offline playback: /api/stream/{id} of a kept track is answered from the
 *   OFFLINE_AUDIO_CACHE (Range requests with 206 and Content-Range), so it plays with the network cut.
 *   The page asks the worker to keep or drop a track by a message (src/web/features/premium/lib/offline-audio.ts).
 * - Web push: shows notifications and opens the right page when one is tapped.
 */

const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const SHELL_CACHE_PREFIX = 'mugen-shell-';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${VERSION}`;
/** Offline audio: never removed by the shell's clean-up (its prefix is not the shell's). */
const AUDIO_CACHE_PREFIX = 'mugen-audio-';
const OFFLINE_AUDIO_CACHE = `${AUDIO_CACHE_PREFIX}offline`;
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

/**
 * Requests the worker never answers bypass it, without waking it, where the browser has static routing
 * (InstallEvent.addRoutes): every write, and the pass-through paths below but the stream (a kept track
 * plays offline from the worker). A listening report sent as the page goes away (a beacon, a keepalive
 * POST) was otherwise handed to the worker first, and Chromium lost it when the page was gone before
 * the worker, woken for it, let it through (issue 27.7). Fewer wake-ups also make API answers sooner.
 */
const STATIC_ROUTES = [
  { condition: { urlPattern: { pathname: '/api/stream/*' }, requestMethod: 'GET' }, source: 'fetch-event' },
  // A programme's segues kept with its kept tracks play offline the same way (#40.2).
  { condition: { urlPattern: { pathname: '/api/radio/segues/*/audio' }, requestMethod: 'GET' }, source: 'fetch-event' },
  { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
  {
    condition: { or: ['/api', '/api/*', '/uploads/*', '/rss/*', '/health', '/ping'].map((pathname) => ({ urlPattern: { pathname } })) },
    source: 'network',
  },
];

function addStaticRoutes(event) {
  if (typeof event.addRoutes !== 'function') return Promise.resolve();
  // A browser that knows addRoutes but not every condition refuses the rules: the fetch handler still
  // lets these requests through.
  try {
    return Promise.resolve(event.addRoutes(STATIC_ROUTES)).catch((e) => console.error('[sw] static routes refused', e));
  } catch (e) {
    console.error('[sw] static routes refused', e);
    return Promise.resolve();
  }
}

self.addEventListener('install', (event) => {
  // A new version takes over as soon as its shell is cached; the page reloads on controllerchange.
  event.waitUntil(Promise.all([addStaticRoutes(event), precacheShell()]).then(() => self.skipWaiting()));
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

/** Paths the worker never answers: the API (never cached), uploads, podcast feeds, health checks. */
function isPassThrough(url) {
  const p = url.pathname;
  return (
    p === '/api' || p.startsWith('/api/') || p.startsWith('/uploads/') || p.startsWith('/rss/') || p === '/health' || p === '/ping'
  );
}

// ——— offline audio (premium) ———

const STREAM_PATH = /^\/api\/stream\/(\d+)$/;
/** A kept track's cache key: the stream's path, whatever quality was asked. */
const offlineKey = (id) => `/api/stream/${id}`;
/** A programme's segue kept with its kept tracks (#40.2): its own path is its key. */
const SEGUE_PATH = /^\/api\/radio\/segues\/(\d+)\/audio$/;
const segueKey = (id) => `/api/radio/segues/${id}/audio`;
/** The ids of the kept segues, read with the kept tracks. */
const keptSegues = new Set();

/**
 * The ids of the kept tracks, read from the cache when the worker starts; null until then. The fetch
 * handler must decide at once whether to answer, so it answers a stream request itself only for a kept
 * track (or while the list is still being read, then falling back to the network).
 */
let keptIds = null;
// caches.has first: opening the cache would create it for every visitor.
const keptReady = caches
  .has(OFFLINE_AUDIO_CACHE)
  .then((exists) => (exists ? caches.open(OFFLINE_AUDIO_CACHE).then((cache) => cache.keys()) : []))
  .then((requests) => {
    keptIds = new Set();
    for (const r of requests) {
      const path = new URL(r.url).pathname;
      const m = STREAM_PATH.exec(path);
      if (m) keptIds.add(Number(m[1]));
      const segue = SEGUE_PATH.exec(path);
      if (segue) keptSegues.add(Number(segue[1]));
    }
  })
  .catch(() => {
    keptIds = new Set();
  });

/**
 * The cached audio as the request asks for it: the whole file (200), or the first byte range of a
 * Range header (206 with Content-Range; a suffix range counts from the end), or 416 when it cannot be
 * satisfied. Media elements always ask with Range, and seek by it.
 */
async function rangeResponse(cached, range) {
  const blob = await cached.blob();
  const size = blob.size;
  const headers = { 'Content-Type': cached.headers.get('Content-Type') || 'audio/mpeg', 'Accept-Ranges': 'bytes' };
  if (!range) return new Response(blob, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.split(',')[0].trim());
  let start = -1;
  let end = size - 1;
  if (m && m[1] !== '') {
    start = Number(m[1]);
    if (m[2] !== '') end = Math.min(Number(m[2]), size - 1);
  } else if (m && m[2] !== '' && Number(m[2]) > 0) {
    start = Math.max(0, size - Number(m[2]));
  }
  if (start < 0 || start >= size || start > end) {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
  });
}

/**
 * A Response (promise) for a kept track's stream request or a kept segue's (#40.2), or null to let the
 * network answer.
 */
function offlineAudioResponse(request, url) {
  const segue = SEGUE_PATH.exec(url.pathname);
  const m = segue ?? STREAM_PATH.exec(url.pathname);
  if (!m) return null;
  const id = Number(m[1]);
  const kept = segue ? () => keptSegues.has(id) : () => keptIds.has(id);
  if (keptIds && !kept()) return null;
  return (async () => {
    await keptReady;
    const cached = kept() ? await caches.match(segue ? segueKey(id) : offlineKey(id), { cacheName: OFFLINE_AUDIO_CACHE }) : undefined;
    if (!cached) return fetch(request);
    return rangeResponse(cached, request.headers.get('Range'));
  })();
}

/** Stores a whole answer under `key` in the offline cache; throws on anything but 200. */
async function storeWhole(key, res, what) {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}`);
  const blob = await res.blob();
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  await cache.put(
    key,
    new Response(blob, {
      status: 200,
      headers: { 'Content-Type': res.headers.get('Content-Type') || 'audio/mpeg', 'Content-Length': String(blob.size) },
    }),
  );
  await keptReady;
}

/** Keeps a programme's segue beside its kept tracks (the page asks only for those between kept tracks). */
async function keepSegue(id) {
  await storeWhole(segueKey(id), await fetch(segueKey(id), { credentials: 'same-origin', redirect: 'error', cache: 'no-store' }), 'the segue');
  keptSegues.add(id);
}

/**
 * Keeps a track: the whole file, asked for without a range, stored under its stream path. `for=keep`
 * has the app answer the bytes itself, never a redirect to the bucket (a CORS fetch that followed it
 * would need the bucket's CORS to allow this origin). The premium variant is asked for: the server
 * gives it to premium members only, and the standard one to anyone else.
 */
async function keepTrack(id) {
  const res = await fetch(`/api/stream/${id}?quality=high&for=keep`, { credentials: 'same-origin', redirect: 'error', cache: 'no-store' });
  await storeWhole(offlineKey(id), res, 'the stream');
  keptIds.add(id);
}

async function dropTrack(id) {
  await keptReady;
  keptIds.delete(id);
  if (keptIds.size === 0) {
    // The segues were kept with the tracks: they go with the last one.
    keptSegues.clear();
    await caches.delete(OFFLINE_AUDIO_CACHE);
    return;
  }
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  await cache.delete(offlineKey(id));
}

async function dropAllTracks() {
  await keptReady;
  keptIds.clear();
  keptSegues.clear();
  await caches.delete(OFFLINE_AUDIO_CACHE);
}

/** { type: 'offline-audio:keep' | 'offline-audio:drop' | 'offline-audio:keep-segue' | 'offline-audio:clear', id }, answered on the message's port. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  const id = Number(data.id);
  let job = null;
  if (data.type === 'offline-audio:keep' && Number.isInteger(id) && id > 0) job = keepTrack(id);
  else if (data.type === 'offline-audio:drop' && Number.isInteger(id) && id > 0) job = dropTrack(id);
  else if (data.type === 'offline-audio:keep-segue' && Number.isInteger(id) && id > 0) job = keepSegue(id);
  else if (data.type === 'offline-audio:clear') job = dropAllTracks();
  if (!job) return;
  const done = job.then(
    () => port && port.postMessage({ ok: true }),
    (e) => port && port.postMessage({ ok: false, error: String((e && e.message) || e) }),
  );
  if (event.waitUntil) event.waitUntil(done);
});

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
    const audio = offlineAudioResponse(request, url);
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
