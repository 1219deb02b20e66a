import { PREMIUM_API_MESSAGES, PREMIUM_NOTIFICATION_TYPES } from '../messages/premium-api';

/** Bundled counts show 9+ above 9 (listener spec §9), as does the unread badge. */
export const badgeCount = (n: number): string => (n > 9 ? '9+' : String(Math.max(0, n)));

export interface NotificationText {
  type: string;
  bundleCount: number;
  actorName: string | null;
  trackTitle: string | null;
  playlistName: string | null;
}

/** The Japanese sentence of a notification, shared by the page and web push. */
export function notificationMessage(n: NotificationText): string {
  const actor = n.actorName ?? 'だれか';
  const others = n.bundleCount > 1 ? `ほか${badgeCount(n.bundleCount - 1)}人` : '';
  const track = n.trackTitle ? `「${n.trackTitle}」` : '音声';
  if (n.type === 'follow') return `${actor}さん${others}があなたをフォローしました`;
  if (n.type === 'like') return `${actor}さん${others}が${track}にいいねしました`;
  if (n.type === 'playlist_add')
    return `${actor}さん${others}が${track}をプレイリスト${n.playlistName ? `「${n.playlistName}」` : ''}に追加しました`;
  if (n.type === PREMIUM_NOTIFICATION_TYPES.resumeSoon) return PREMIUM_API_MESSAGES.resumeSoon;
  if (n.type === PREMIUM_NOTIFICATION_TYPES.paymentFailed) return PREMIUM_API_MESSAGES.paymentFailed;
  const milestone = /^milestone_(\d+)$/.exec(n.type);
  if (milestone) return `${track}の再生回数が${Number(milestone[1]).toLocaleString('ja-JP')}回に達しました`;
  return 'お知らせがあります';
}

/**
 * Relative time of the notifications page: under 1 minute '数秒前', then minutes, hours, 1 to 3 days,
 * then YYYY/MM/DD (in Japan time).
 */
export function relativeTimeJa(value: string | Date, now: Date = new Date()): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  const s = Math.max(0, (now.getTime() - d.getTime()) / 1000);
  if (s < 60) return '数秒前';
  if (s < 3600) return `${Math.floor(s / 60)}分前`;
  if (s < 86_400) return `${Math.floor(s / 3600)}時間前`;
  const days = Math.floor(s / 86_400);
  if (days <= 3) return `${days}日前`;
  const parts = new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}/${get('month')}/${get('day')}`;
}
