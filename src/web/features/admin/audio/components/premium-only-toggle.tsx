import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import type { AudioFileRow } from '@shared/schemas/admin-audio';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useSetPremiumOnly } from '../api/files';

const T = ADMIN_AUDIO_TEXT.premiumOnly;

/**
 * A row's premium-only mark (issue 40.5): 限定 (premium members, the owner and the operators hear it) or
 * 通常; a tap asks first, then sets it (PATCH /api/admin/tracks/{id}/premium-only) and the list follows.
 */
export function PremiumOnlyToggle({ file }: { file: Pick<AudioFileRow, 'id' | 'title' | 'isPremiumOnly'> }) {
  const [asking, setAsking] = useState(false);
  const set = useSetPremiumOnly();
  const on = file.isPremiumOnly;
  const close = (open: boolean) => {
    if (!open && !set.isPending) setAsking(false);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        aria-label={on ? T.onLabel(file.title) : T.offLabel(file.title)}
        title={on ? T.onLabel(file.title) : T.offLabel(file.title)}
        aria-pressed={on}
        className={cn(
          'inline-flex min-h-9 items-center gap-0.5 rounded-full px-3 font-medium text-xs transition-colors',
          on ? 'bg-accent/10 text-accent hover:bg-accent/20' : 'bg-surface-2 text-muted hover:bg-border',
        )}
        data-testid="file-premium-only"
        data-premium-only={String(on)}
      >
        <Crown aria-hidden="true" className="size-3" />
        {on ? T.on : T.off}
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={close}
        title={on ? T.offTitle(file.title) : T.onTitle(file.title)}
        description={on ? T.offBody : T.onBody}
        confirmLabel={on ? T.offConfirm : T.onConfirm}
        danger={false}
        busy={set.isPending}
        onConfirm={() =>
          set.mutate(
            { id: file.id, isPremiumOnly: !on },
            {
              onSuccess: () => toast({ title: on ? T.unmarked(file.title) : T.marked(file.title) }),
              onError: (err) => toast({ title: T.failed, description: serverMessage(err) ?? undefined, variant: 'destructive' }),
              onSettled: () => setAsking(false),
            },
          )
        }
      />
    </>
  );
}
