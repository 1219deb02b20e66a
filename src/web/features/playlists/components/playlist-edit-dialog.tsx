import { DEFAULT_EDIT_CATEGORIES, splitCategories } from '@shared/categories';
import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { joinCategories, playlistNameProblem, playlistSlug } from '@shared/rules/playlist';
import type { Playlist } from '@shared/schemas/playlist';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { Field, fieldControl, inputClass, TextArea } from '@web/components/ui/field';
import { toast } from '@web/lib/toast';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { playlistErrorToast } from '../api/errors';
import { useUpdatePlaylist } from '../api/mutate-playlist';
import { CategoryInput } from './category-input';
import { PublicOnlyNote, VisibilityChoice } from './visibility-choice';

interface PlaylistEditDialogProps {
  playlist: Playlist;
  userId: string;
  premium: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The edit dialog of /playlists: name, categories (the 8 defaults offered), description, visibility for
 * premium members; the public slug follows the name (user id, then the name's words).
 */
export function PlaylistEditDialog({ playlist, userId, premium, open, onOpenChange }: PlaylistEditDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={PLAYLISTS_TEXT.playlistEditDialog.title} testId="playlist-edit-dialog">
      {open && <EditForm playlist={playlist} userId={userId} premium={premium} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EditForm({ playlist, userId, premium, onDone }: { playlist: Playlist; userId: string; premium: boolean; onDone: () => void }) {
  const ids = { name: useId(), description: useId() };
  const [name, setName] = useState(playlist.name);
  const [categories, setCategories] = useState(() => splitCategories(playlist.category));
  const [description, setDescription] = useState(playlist.description ?? '');
  const [isPublic, setIsPublic] = useState(playlist.isPublic);
  const update = useUpdatePlaylist();

  const nameError = playlistNameProblem(name);
  const slug = playlistSlug(userId, name.trim());

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (nameError || update.isPending) return;
    update.mutate(
      {
        id: playlist.id,
        body: {
          name: name.trim(),
          category: joinCategories(categories),
          description: description.trim() || null,
          publicSlug: slug,
          ...(premium ? { isPublic } : {}),
        },
      },
      {
        onSuccess: () => {
          toast({ title: PLAYLISTS_TEXT.editForm.title });
          onDone();
        },
        onError: (err) => playlistErrorToast(PLAYLISTS_TEXT.editForm.playlistErrorToast, err),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 pt-1">
      <Field id={ids.name} label={PLAYLISTS_TEXT.editForm.label} error={nameError} hint={PLAYLISTS_TEXT.editForm.hint(slug)}>
        <input
          {...fieldControl(ids.name, nameError)}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          className={inputClass}
          data-testid="edit-playlist-name"
        />
      </Field>
      <CategoryInput value={categories} onChange={setCategories} presets={DEFAULT_EDIT_CATEGORIES} />
      <Field id={ids.description} label={PLAYLISTS_TEXT.editForm.label2} mark="optional">
        <TextArea id={ids.description} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
      </Field>
      {premium ? <VisibilityChoice isPublic={isPublic} onChange={setIsPublic} /> : <PublicOnlyNote />}
      <div className="sticky bottom-0 -mx-5 -mb-5 flex justify-end gap-2 border-border border-t bg-bg px-5 py-3">
        <Button variant="secondary" onClick={onDone}>
          {PLAYLISTS_TEXT.editForm.button}
        </Button>
        <Button type="submit" disabled={nameError !== null || update.isPending} data-testid="edit-playlist-save">
          {update.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {PLAYLISTS_TEXT.editForm.editPlaylistSave}
        </Button>
      </div>
    </form>
  );
}
