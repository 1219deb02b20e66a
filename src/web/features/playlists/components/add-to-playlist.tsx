import { ADD_TO_PLAYLIST_BUTTON_TEXT } from '@shared/messages/playlist-button';
import type { Track } from '@shared/schemas/track';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { useMediaQuery } from '@web/lib/use-media-query';
import { ListPlus } from 'lucide-react';
import { useRef, useState } from 'react';

type PanelModule = typeof import('./add-to-playlist-panel');
let loaded: PanelModule['AddToPlaylistPanel'] | null = null;
/** The panel (popover, dialog, playlist choices) is loaded on first intent: hover, focus or tap. */
const loadPanel = () =>
  import('./add-to-playlist-panel').then((m) => {
    loaded = m.AddToPlaylistPanel;
    return m.AddToPlaylistPanel;
  });

const DESKTOP = '(min-width: 768px)';

interface AddToPlaylistButtonProps {
  track: Track;
  className?: string;
  /** A smaller icon button for rows of a list. */
  compact?: boolean;
}

/**
 * Add a track to one of my playlists: a dialog on phones, a popover (at least 200 px wide) on larger
 * screens. Signed out, the login prompt opens instead (listener spec §2, §6).
 */
export function AddToPlaylistButton({ track, className, compact }: AddToPlaylistButtonProps) {
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  const desktop = useMediaQuery(DESKTOP);
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState(() => loaded);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ensurePanel = () => {
    if (Panel) return Promise.resolve(Panel);
    return loadPanel().then((p) => {
      setPanel(() => p);
      return p;
    });
  };

  return (
    <>
      <button
        type="button"
        onClick={(e) => {
          if (!isSignedIn) {
            e.preventDefault();
            openLogin();
            return;
          }
          if (open) setOpen(false);
          else void ensurePanel().then(() => setOpen(true));
        }}
        onPointerEnter={() => void ensurePanel().catch(() => {})}
        ref={buttonRef}
        aria-expanded={open}
        aria-label={ADD_TO_PLAYLIST_BUTTON_TEXT.addToPlaylistButtonLabel}
        aria-haspopup="dialog"
        className={cn(
          'inline-flex items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-fg',
          compact ? 'size-11' : 'h-11 min-w-11 px-2.5',
          className,
        )}
        data-testid="add-to-playlist-button"
      >
        <ListPlus aria-hidden="true" className={compact ? 'size-5' : 'size-6'} />
      </button>

      {isSignedIn && Panel && <Panel track={track} anchorRef={buttonRef} desktop={desktop} open={open} setOpen={setOpen} />}
    </>
  );
}
