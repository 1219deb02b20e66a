import { type EnableResult, vapidKeyBytes } from '@shared/rules/push';
import { api } from '@web/lib/api';
import { registerServiceWorker } from '@web/lib/service-worker';
import { readStored, writeStored } from '@web/lib/storage';

/** The local switch (listener spec §3: pwa-notifications-enabled). */
export const PUSH_FLAG_KEY = 'pwa-notifications-enabled';

const READY_TIMEOUT_MS = 10_000;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

export const pushEnabledLocally = () => readStored('local', PUSH_FLAG_KEY) === 'true' && pushPermission() === 'granted';

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registered = await registerServiceWorker();
  if (!registered) throw new Error('no service worker');
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS)),
  ]);
}

/**
 * Switches notifications on: asks the permission when it was never asked, then subscribes this device
 * with the server's VAPID key and sends the subscription. A failed subscription is tolerated: the switch
 * stays on and the notifications page keeps working (listener spec §8).
 */
export async function enablePush(): Promise<EnableResult> {
  if (!pushSupported()) return { on: false, reason: 'unsupported' };
  try {
    let permission = Notification.permission;
    if (permission === 'default') permission = await Notification.requestPermission();
    if (permission !== 'granted') return { on: false, reason: 'denied' };
    const { publicKey } = await api<{ publicKey: string }>('/api/push/vapid-key');
    const registration = await activeRegistration();
    writeStored('local', PUSH_FLAG_KEY, 'true');
    try {
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
      await api('/api/push/subscribe', { method: 'POST', body: subscription.toJSON() });
      return { on: true, subscribed: true };
    } catch (e) {
      console.error('[push] this device could not be subscribed; notifications stay on in the app', e);
      return { on: true, subscribed: false };
    }
  } catch (e) {
    console.error('[push] notifications could not be switched on', e);
    return { on: false, reason: 'failed' };
  }
}

/** Switches notifications off: forgets this device on the server and in the browser (best effort). */
export async function disablePush(): Promise<void> {
  writeStored('local', PUSH_FLAG_KEY, 'false');
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await api('/api/push/unsubscribe', { method: 'POST', body: { endpoint: subscription.endpoint } }).catch((e: unknown) =>
      console.error('[push] the server could not forget this device', e),
    );
    await subscription.unsubscribe();
  } catch (e) {
    console.error('[push] unsubscribe failed', e);
  }
}

/** POST /api/notifications/test-push: a test notification to my devices. */
export const sendTestPush = () =>
  api<{ success: boolean; sent: number; failed: number; devices: number }>('/api/notifications/test-push', {
    method: 'POST',
    body: { test: true },
  });
