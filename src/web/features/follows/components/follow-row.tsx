import { FOLLOWS_TEXT } from '@shared/messages/follows';
import { profilePath } from '@shared/rules/my-page';
import type { PublicUser } from '@shared/schemas/social';
import { Avatar } from '@web/components/ui/avatar';
import { ButtonLink } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { Link } from 'react-router';

interface FollowRowProps {
  user: PublicUser;
  /** The @handle as the list shows it. */
  handle: string;
  /** Following either link (the dialog closes). */
  onOpen?: () => void;
  className?: string;
}

/** One member of a follow list (page or dialog): picture, name and handle, and the way to their page. */
export function FollowRow({ user: u, handle, onOpen, className }: FollowRowProps) {
  const to = profilePath(u);
  return (
    <li className={cn('flex min-h-16 items-center gap-3 py-2', className)} data-testid="follow-row" data-user-id={u.id}>
      <Avatar picture={u.picture} name={u.name} className="size-11" textClassName="text-xl" />
      <div className="min-w-0 flex-1">
        <Link to={to} onClick={onOpen} className="block truncate font-medium hover:underline">
          {u.name}
        </Link>
        <p className="truncate text-muted text-xs">{handle}</p>
      </div>
      <ButtonLink
        to={to}
        onClick={onOpen}
        aria-label={FOLLOWS_TEXT.followRow.ariaLabel(u.name)}
        variant="secondary"
        className="min-h-10 shrink-0 px-4 text-sm"
      >
        {FOLLOWS_TEXT.followRow.link}
      </ButtonLink>
    </li>
  );
}
