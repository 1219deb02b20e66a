/*
 * 無限 Mugen service worker. For now it only shows web push notifications and opens the right page when
 * one is tapped; offline caching comes later (it will extend this file). Registered by
 * src/web/lib/service-worker.ts as /service-worker.js?v=<build version>.
 */

self.addEventListener('install', () => {
  // A new version takes over as soon as it is installed: it holds no caches that could disagree.
  self.skipWaiting();
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
