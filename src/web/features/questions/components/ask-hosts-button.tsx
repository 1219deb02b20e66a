import { ASK_BUTTON_TEXT as T } from '@shared/messages/questions';
import type { Track } from '@shared/schemas/track';
import { Button } from '@web/components/ui/button';
import { IconButton } from '@web/components/ui/icon-button';
import { usePlayer } from '@web/lib/audio/player-context';
import { useUser } from '@web/lib/auth';
import { lazyPart } from '@web/lib/lazy-part';
import { useLoginPrompt } from '@web/lib/login-prompt';
import { MessageCircleQuestion } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';

/** The dialog loads on first use: the home route carries only the button (#27.5). */
const AskHostsDialog = lazyPart(async () => (await import('./ask-hosts-dialog')).AskHostsDialog);

/**
 * 質問する (issue 39.1), on the home player, the player bar and the track page: the track pauses, the
 * member asks the hosts, hears their answer, and the track goes on where it paused (if it was playing).
 * A visitor is asked to sign in. `look`: a labelled button, or the bar's icon.
 */
export function AskHostsButton({ track, className, look = 'button' }: { track: Track; className?: string; look?: 'button' | 'icon' }) {
  const player = usePlayer();
  const { isSignedIn } = useUser();
  const { openLogin } = useLoginPrompt();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const resume = useRef(false);

  const onOpen = () => {
    if (!isSignedIn) return openLogin();
    const now = player.getSnapshot();
    // Only the track this button is about goes on afterwards, and only if it was playing.
    resume.current = now.isPlaying && now.track?.id === track.id;
    if (now.isPlaying) player.pause();
    setUsed(true);
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && resume.current) {
      resume.current = false;
      player.play();
    }
  };

  return (
    <>
      {look === 'icon' ? (
        <IconButton icon={MessageCircleQuestion} label={T.ariaLabel} onClick={onOpen} className={className} data-testid="ask-hosts-open" />
      ) : (
        <Button variant="secondary" size="sm" onClick={onOpen} title={T.ariaLabel} className={className} data-testid="ask-hosts-open">
          <MessageCircleQuestion aria-hidden="true" className="size-4" />
          {T.label}
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <AskHostsDialog track={track} open={open} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}
