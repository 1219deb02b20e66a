import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import type { AudioFileRow } from '@shared/schemas/admin-audio';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { CloudUpload } from 'lucide-react';
import { useDeleteFile, useSetFileVisibility, useSyncFiles } from '../api/files';

const CONFIRM = ADMIN_AUDIO_TEXT.confirm;
const TOAST = ADMIN_AUDIO_TEXT.toast;

/** The action waiting for its confirmation. */
export type Pending = { kind: 'visibility'; file: AudioFileRow } | { kind: 'delete'; file: AudioFileRow } | { kind: 'sync-all' } | null;

/** 全ファイルを同期: asks first (PendingDialogs). */
export function SyncAllButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      <CloudUpload aria-hidden="true" className="size-4" />
      {ADMIN_AUDIO_TEXT.list.syncAll}
    </Button>
  );
}

/** The confirmations (spec §5: delete and visibility changes need one), with the track's title. */
export function PendingDialogs({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const visibility = useSetFileVisibility();
  const del = useDeleteFile();
  const sync = useSyncFiles();
  const busy = visibility.isPending || del.isPending || sync.isPending;
  const close = (open: boolean) => {
    if (!open && !busy) onClose();
  };
  const fail = (title: string, err: unknown) => toast({ title, description: serverMessage(err) ?? undefined, variant: 'destructive' });

  if (pending?.kind === 'visibility') {
    const { file } = pending;
    const hide = file.isVisible;
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={hide ? CONFIRM.hideTitle(file.title) : CONFIRM.showTitle(file.title)}
        description={hide ? CONFIRM.hideBody : CONFIRM.showBody}
        confirmLabel={hide ? CONFIRM.hideConfirm : CONFIRM.showConfirm}
        danger={hide}
        busy={busy}
        onConfirm={() =>
          visibility.mutate(
            { id: file.id, isVisible: !hide, title: file.title },
            {
              onSuccess: () => toast({ title: hide ? TOAST.hidden(file.title) : TOAST.shown(file.title) }),
              onError: (err) => fail(TOAST.visibilityFailed, err),
              onSettled: onClose,
            },
          )
        }
      />
    );
  }
  if (pending?.kind === 'delete') {
    const { file } = pending;
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={CONFIRM.deleteTitle(file.title)}
        description={CONFIRM.deleteBody}
        confirmLabel={CONFIRM.deleteConfirm}
        busy={busy}
        onConfirm={() =>
          del.mutate(
            { id: file.id, title: file.title },
            {
              onSuccess: () => toast({ title: TOAST.deleted(file.title) }),
              onError: (err) => fail(TOAST.deleteFailed, err),
              onSettled: onClose,
            },
          )
        }
      />
    );
  }
  if (pending?.kind === 'sync-all') {
    return (
      <ConfirmDialog
        open
        onOpenChange={close}
        title={CONFIRM.syncAllTitle}
        description={CONFIRM.syncAllBody}
        confirmLabel={CONFIRM.syncAllConfirm}
        danger={false}
        busy={busy}
        onConfirm={() =>
          sync.mutate('all', {
            onSuccess: (a) => toast({ title: a.message }),
            onError: (err) => fail(TOAST.syncFailed, err),
            onSettled: onClose,
          })
        }
      />
    );
  }
  return null;
}
