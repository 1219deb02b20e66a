import { PROFILE_TEXT } from '@shared/messages/profile';
import type { User } from '@shared/schemas/auth';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { signOut } from '@web/lib/session';
import { LogOut, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { PublicUrlButton } from './public-url-button';
import { XLogo } from './x-logo';

/** My Page's header (listener spec §2): picture, name, X link, public URL, counts, edit and logout. */
export function ProfileHeader({ user, onEdit, followStats }: { user: User; onEdit: () => void; followStats: ReactNode }) {
  return (
    <header className="space-y-4" data-testid="profile-header">
      <div className="flex items-center gap-4">
        <Avatar picture={user.picture} name={user.name} className="size-20" textClassName="text-[2.25rem]" />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1">
            <h1 className="min-w-0 truncate font-bold text-xl leading-snug" data-testid="profile-name">
              {user.name}
            </h1>
            {user.xHandle && (
              <a
                href={`https://x.com/${encodeURIComponent(user.xHandle)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={PROFILE_TEXT.profileHeader.xLinkLabel(user.xHandle)}
                data-testid="x-link"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface"
              >
                <XLogo className="size-4" />
              </a>
            )}
          </div>
          <div className="mt-1">
            {user.customUserId ? (
              <PublicUrlButton customUserId={user.customUserId} />
            ) : (
              <button
                type="button"
                onClick={onEdit}
                className="min-h-9 rounded-full text-left text-accent text-sm underline-offset-2 hover:underline"
              >
                {PROFILE_TEXT.profileHeader.button}
              </button>
            )}
          </div>
        </div>
      </div>
      {followStats}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onEdit} className="flex-1 px-4" data-testid="edit-profile">
          <Pencil aria-hidden="true" className="size-4" />
          {PROFILE_TEXT.profileHeader.editProfile}
        </Button>
        <Button variant="ghost" onClick={signOut} className="shrink-0 border border-border px-4 text-muted" data-testid="logout">
          <LogOut aria-hidden="true" className="size-4" />
          {PROFILE_TEXT.profileHeader.logout}
        </Button>
      </div>
    </header>
  );
}
