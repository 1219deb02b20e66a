import { OFFICIAL_AVATAR } from '@shared/constants';
import { USERS_TEXT } from '@shared/messages/users';
import { userFeedPath } from '@shared/rules/feeds';
import { formatCount } from '@shared/rules/format';
import { profilePath, shortHandle } from '@shared/rules/my-page';
import type { PublicProfileSchema } from '@shared/schemas/social';
import { PodcastFeed } from '@web/components/share/podcast-feed';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { publicOrigin } from '@web/lib/public-origin';
import { useCopyUrl } from '@web/lib/use-copy';
import { BadgeCheck, Check, Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';

type Profile = z.infer<typeof PublicProfileSchema>;

/**
 * Picture, name, @handle, X, counts with the follower and following links, the follow button for
 * signed-in members (not on oneself; the follows feature's, handed in by the app), and the copy-link
 * button (listener spec §2 Public profile); the podcast feed of their public tracks (issue 28.3).
 */
export function ProfileHeader({ profile: p, followButton }: { profile: Profile; followButton?: (userRef: string) => ReactNode }) {
  const { user } = useUser();
  const { copied, copy } = useCopyUrl();
  const refId = p.customUserId || p.id;
  const path = profilePath(p);
  const isMe = user?.id === p.id;

  return (
    <header className="flex flex-col items-center text-center" data-testid="profile-header">
      <Avatar
        picture={p.isOfficial ? OFFICIAL_AVATAR : p.picture}
        name={p.name}
        className="size-24 bg-gradient-to-br from-accent-soft to-surface-2 shadow-card"
        textClassName="text-5xl"
      />
      <h1 className="mt-4 flex items-center gap-1.5 font-bold text-2xl leading-snug" data-testid="profile-name">
        {p.name}
        {p.isOfficial && (
          <span className="inline-flex items-center gap-0.5 rounded-full bg-accent-soft px-2 py-0.5 font-medium text-accent text-xs">
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {USERS_TEXT.profileHeader.official}
          </span>
        )}
      </h1>
      <p className="text-muted text-sm">{shortHandle(p)}</p>
      {p.xHandle && (
        <a
          href={`https://x.com/${encodeURIComponent(p.xHandle)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-muted text-sm hover:bg-surface hover:text-fg"
          aria-label={USERS_TEXT.profileHeader.ariaLabel(p.xHandle)}
        >
          <XLogo />@{p.xHandle}
        </a>
      )}

      <div className="mt-4 grid w-full max-w-sm grid-cols-3 gap-2">
        <p className="rounded-2xl bg-surface px-2 py-2.5" data-testid="track-count">
          <span className="block text-muted text-xs">{USERS_TEXT.profileHeader.posts}</span>
          <span className="mt-0.5 block font-semibold text-lg tabular-nums">{formatCount(p.trackCount)}</span>
        </p>
        <CountLink to={`${path}/followers`} label={USERS_TEXT.profileHeader.label} value={p.followerCount} testId="follower-count" />
        <CountLink to={`${path}/following`} label={USERS_TEXT.profileHeader.label2} value={p.followingCount} testId="following-count" />
      </div>

      <div className="mt-4 flex items-start justify-center gap-2">
        {user && !isMe && followButton?.(refId)}
        <Button
          variant="secondary"
          onClick={() => void copy(`${publicOrigin()}${path}`)}
          data-testid="copy-profile-link"
          data-copied={copied ? 'true' : 'false'}
        >
          {copied ? <Check aria-hidden="true" className="size-4 text-accent" /> : <Link2 aria-hidden="true" className="size-4" />}
          {copied ? USERS_TEXT.profileHeader.copied : USERS_TEXT.profileHeader.notCopied}
        </Button>
      </div>
      {p.trackCount > 0 && <PodcastFeed path={userFeedPath(refId)} className="mt-5" />}
    </header>
  );
}

function CountLink({ to, label, value, testId }: { to: string; label: string; value: number; testId: string }) {
  return (
    <Link to={to} className="rounded-2xl bg-surface px-2 py-2.5 transition-colors hover:bg-surface-2" data-testid={testId}>
      <span className="block text-muted text-xs">{label}</span>
      <span className="mt-0.5 block font-semibold text-lg tabular-nums">{formatCount(value)}</span>
    </Link>
  );
}

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3.5 fill-current">
      <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.9-6.4L6.3 22H3.2l7.3-8.3L1 2h6.3l4.4 5.9L18.9 2zm-1.1 18h1.7L6.3 3.9H4.5L17.8 20z" />
    </svg>
  );
}
