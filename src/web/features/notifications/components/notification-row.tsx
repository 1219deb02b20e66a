import { NOTIFICATIONS_TEXT } from '@shared/messages/notifications';
import { badgeCount, notificationMessage, relativeTimeJa } from '@shared/rules/notifications';
import type { Notification } from '@shared/schemas/social';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { Heart, ListPlus, Trophy, UserPlus } from 'lucide-react';
import { Link } from 'react-router';

/** Where a notification leads: the follower's page, the playlist, or the track. */
export function notificationTarget(n: Notification): string {
  if (n.type === 'follow' && (n.actorCustomUserId || n.actorUserId))
    return `/${encodeURIComponent(n.actorCustomUserId || n.actorUserId || '')}`;
  if (n.type === 'playlist_add' && n.playlistId) return `/playlists/${n.playlistId}`;
  if (n.trackId) return `/track/${n.trackId}`;
  return '/notifications';
}

const KIND = {
  follow: { icon: UserPlus, label: NOTIFICATIONS_TEXT.kind.followLabel, tone: 'bg-sky-600' },
  like: { icon: Heart, label: NOTIFICATIONS_TEXT.kind.likeLabel, tone: 'bg-rose-600' },
  playlist_add: { icon: ListPlus, label: NOTIFICATIONS_TEXT.kind.playlistAddLabel, tone: 'bg-emerald-600' },
  milestone: { icon: Trophy, label: NOTIFICATIONS_TEXT.kind.milestoneLabel, tone: 'bg-amber-600' },
} as const;

const kindOf = (type: string) => (type.startsWith('milestone_') ? KIND.milestone : (KIND[type as keyof typeof KIND] ?? KIND.like));

/**
 * One notification: the actor's picture and name, what happened (with the track title or playlist
 * name), when, whether it is read, and how many were bundled (9+ above 9).
 */
export function NotificationRow({ n, onOpen, now }: { n: Notification; onOpen: (n: Notification) => void; now: Date }) {
  const kind = kindOf(n.type);
  const Icon = kind.icon;
  const milestone = n.type.startsWith('milestone_');
  const message = notificationMessage(n);
  const actor = n.actorName && !milestone && message.startsWith(n.actorName) ? n.actorName : null;
  return (
    <Link
      to={notificationTarget(n)}
      onClick={() => onOpen(n)}
      className={cn(
        'relative flex items-start gap-3 rounded-2xl px-3 py-3 transition-colors hover:bg-surface',
        !n.isRead && 'bg-accent-soft/70 hover:bg-accent-soft',
      )}
      data-testid="notification"
      data-type={n.type}
      data-read={n.isRead ? 'true' : 'false'}
    >
      <span className="relative shrink-0">
        {milestone ? (
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
            <Trophy aria-hidden="true" className="size-5" />
          </span>
        ) : (
          <Avatar picture={n.actorPicture} name={n.actorName} className="size-11" textClassName="text-xl" />
        )}
        <span
          className={cn(
            'absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full text-white ring-2 ring-bg',
            kind.tone,
          )}
          title={kind.label}
        >
          <Icon aria-hidden="true" className="size-3" fill={n.type === 'like' ? 'currentColor' : 'none'} />
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] leading-relaxed" data-testid="notification-message">
          {actor ? (
            <>
              <strong className="font-semibold">{actor}</strong>
              {message.slice(actor.length)}
            </>
          ) : (
            message
          )}
        </span>
        <span className="mt-0.5 flex items-center gap-2 text-muted text-xs">
          <span className="sr-only">
            {kind.label}
            {NOTIFICATIONS_TEXT.notificationRow.separator}
          </span>
          <time dateTime={n.createdAt} data-testid="notification-time">
            {relativeTimeJa(n.createdAt, now)}
          </time>
          {!n.isRead && <span className="font-medium text-accent">{NOTIFICATIONS_TEXT.notificationRow.unread}</span>}
        </span>
      </span>
      {(n.bundleCount > 1 || !n.isRead) && (
        <span className="flex shrink-0 flex-col items-end gap-2 pt-1">
          {!n.isRead && <span aria-hidden="true" className="size-2 rounded-full bg-accent" data-testid="unread-dot" />}
          {n.bundleCount > 1 && (
            <span
              className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-surface-2 px-1.5 font-semibold text-xs tabular-nums"
              data-testid="notification-bundle"
            >
              <span className="sr-only">{NOTIFICATIONS_TEXT.notificationRow.grouped}</span>
              {badgeCount(n.bundleCount)}
              <span className="sr-only">{NOTIFICATIONS_TEXT.notificationRow.countUnit}</span>
            </span>
          )}
        </span>
      )}
    </Link>
  );
}
