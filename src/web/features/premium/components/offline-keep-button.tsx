import { PREMIUM_TEXT } from '@shared/messages/premium';
import type { Track } from '@shared/schemas/track';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { CircleCheck, Download, LoaderCircle } from 'lucide-react';
import { useOfflineTrack } from '../hooks/use-offline-track';

const T = PREMIUM_TEXT.offline;

/** オフライン保存 / 保存済み on the track page: keeps the track for offline playback (premium), or drops it. */
export function OfflineKeepButton({ track, className }: { track: Track; className?: string }) {
  const { kept, busy, toggle } = useOfflineTrack(track);
  const Icon = busy ? LoaderCircle : kept ? CircleCheck : Download;
  return (
    <Button
      variant="secondary"
      className={cn(kept && 'border-accent/40 bg-accent-soft text-accent hover:bg-accent-soft', className)}
      onClick={() => void toggle()}
      disabled={busy}
      aria-pressed={kept}
      data-testid="offline-keep"
      data-kept={kept}
    >
      <Icon aria-hidden="true" className={cn('size-4', busy && 'animate-spin')} />
      {busy ? T.keeping : kept ? T.kept : T.keep}
    </Button>
  );
}
