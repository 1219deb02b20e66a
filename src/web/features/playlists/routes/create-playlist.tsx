import { PLAYLIST_LIMIT_FREE, PLAYLIST_LIMIT_PREMIUM } from '@shared/constants';
import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { joinCategories, PLAYLIST_MESSAGES, playlistNameProblem, playlistSlug } from '@shared/rules/playlist';
import { canCreatePlaylist, isPremiumActive, playlistLimit } from '@shared/rules/playlist-form';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Field, fieldControl, inputClass, TextArea } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Crown, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { playlistErrorToast } from '../api/errors';
import { useMyPlaylists } from '../api/get-playlists';
import { saveCategory, useCreatePlaylist } from '../api/mutate-playlist';
import { addTrackToPlaylist } from '../api/playlist-tracks';
import { CategoryInput } from '../components/category-input';
import { PublicOnlyNote, VisibilityChoice } from '../components/visibility-choice';

/** /create-playlist: the creation form (listener spec §2, §5). ?track= adds that track once created. */
export function CreatePlaylistRoute() {
  useDocumentTitle(PLAYLISTS_TEXT.createPlaylist.documentTitle);
  const { user, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-xl px-4 pb-10">
      <PageHeader title={PLAYLISTS_TEXT.createPlaylist.documentTitle} backTo="/playlists" />
      {isPending ? (
        <div className="space-y-4" role="status" aria-label={PLAYLISTS_TEXT.createPlaylist.ariaLabel}>
          <Skeleton className="h-20" />
          <Skeleton className="h-32" />
          <Skeleton className="h-24" />
        </div>
      ) : user ? (
        <CreateForm user={user} />
      ) : (
        <LoginRequired body={PLAYLISTS_TEXT.createPlaylist.body} />
      )}
    </div>
  );
}

function CreateForm({ user }: { user: { id: string; isPremium: boolean; premiumEndDate: string | null } }) {
  const ids = { name: useId(), description: useId() };
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const trackParam = params.get('track');
  const trackId = trackParam && /^\d{1,10}$/.test(trackParam) ? Number(trackParam) : null;

  const premium = isPremiumActive(user);
  const mine = useMyPlaylists();
  const count = mine.data?.length ?? 0;
  const create = useCreatePlaylist();

  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [categories, setCategories] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(true);

  const nameError = touched ? playlistNameProblem(name) : null;
  const limitReached = mine.isSuccess && count >= playlistLimit(premium);
  const enabled = mine.isSuccess && canCreatePlaylist({ name, hasError: nameError !== null, count, premium, submitting: create.isPending });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!enabled) return;
    const chosen = joinCategories(categories);
    create.mutate(
      {
        name: name.trim(),
        category: chosen,
        description: description.trim() || null,
        isPublic: premium ? isPublic : true,
        publicSlug: playlistSlug(user.id, name.trim()),
        userId: user.id,
      },
      {
        onSuccess: async (p) => {
          for (const c of categories) saveCategory(c).catch((err: unknown) => console.error(`[playlists] category ${c} not saved`, err));
          if (trackId !== null) {
            await addTrackToPlaylist(p.id, trackId).catch((err: unknown) => playlistErrorToast(PLAYLIST_MESSAGES.addFailed, err));
          }
          toast({ title: PLAYLISTS_TEXT.createForm.title, description: PLAYLISTS_TEXT.createForm.description(p.name) });
          void navigate(`/playlists/${p.id}`);
        },
        onError: (err) => playlistErrorToast(PLAYLIST_MESSAGES.createFailed, err),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" data-testid="create-playlist-form">
      {limitReached && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl bg-danger-soft px-4 py-3 text-danger text-sm"
          data-testid="playlist-limit"
        >
          <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="leading-relaxed">
            {premium ? PLAYLIST_MESSAGES.limitPremium : PLAYLIST_MESSAGES.limitFree}
            {!premium && (
              <Link to="/premium" className="ml-1 font-medium underline underline-offset-2">
                {PLAYLISTS_TEXT.createForm.link}
              </Link>
            )}
          </p>
        </div>
      )}

      <Field id={ids.name} label={PLAYLISTS_TEXT.createForm.label} mark="required" error={nameError} count={`${[...name].length}/50`}>
        <input
          {...fieldControl(ids.name, nameError)}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          placeholder={PLAYLISTS_TEXT.createForm.playlistNamePlaceholder}
          autoComplete="off"
          className={inputClass}
          data-testid="playlist-name"
        />
      </Field>

      <CategoryInput value={categories} onChange={setCategories} />

      <Field id={ids.description} label={PLAYLISTS_TEXT.createForm.label2} mark="optional" count={`${[...description].length}/500`}>
        <TextArea
          id={ids.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
          placeholder={PLAYLISTS_TEXT.createForm.playlistDescriptionPlaceholder}
          data-testid="playlist-description"
        />
      </Field>

      {premium ? <VisibilityChoice isPublic={isPublic} onChange={setIsPublic} /> : <PublicOnlyNote />}

      <div className="space-y-2">
        <Button type="submit" size="lg" className="w-full" disabled={!enabled} data-testid="create-playlist-submit">
          {create.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {PLAYLISTS_TEXT.createForm.createPlaylistSubmit}
        </Button>
        <p className="text-center text-muted text-xs tabular-nums" data-testid="playlist-count">
          {mine.isSuccess ? PLAYLISTS_TEXT.createForm.isSuccess(count, premium ? PLAYLIST_LIMIT_PREMIUM : PLAYLIST_LIMIT_FREE) : ' '}
        </p>
      </div>
    </form>
  );
}
