/** Web push in the browser (listener spec §4 Notifications, §8). */
export const PUSH_MESSAGES = {
  unsupported: 'このブラウザはプッシュ通知をサポートしていません。',
  denied: '通知権限が拒否されました。ブラウザの設定から通知を許可してください。',
  failed: '通知設定でエラーが発生しました。ページを再読み込みして再度お試しください。',
} as const;

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export type PushPermission = 'default' | 'granted' | 'denied';

/** The outcome of switching notifications on. A failed subscription still leaves them on locally. */
export type EnableResult = { on: true; subscribed: boolean } | { on: false; reason: 'unsupported' | 'denied' | 'failed' };

/** The message for a refused switch. */
export function enableFailureMessage(reason: 'unsupported' | 'denied' | 'failed'): string {
  return PUSH_MESSAGES[reason];
}
