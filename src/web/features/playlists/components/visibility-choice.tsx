import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { RadioCards } from '@web/components/ui/radio-cards';
import { Globe, Lock } from 'lucide-react';

const OPTIONS = [
  { value: 'public', label: PLAYLISTS_TEXT.options.publicLabel, hint: PLAYLISTS_TEXT.options.publicHint, icon: Globe },
  { value: 'private', label: PLAYLISTS_TEXT.options.privateLabel, hint: PLAYLISTS_TEXT.options.privateHint, icon: Lock },
] as const;

/** 公開 / 非公開: offered to premium members only (free members' playlists are public; §5). */
export function VisibilityChoice({ isPublic, onChange }: { isPublic: boolean; onChange: (isPublic: boolean) => void }) {
  return (
    <fieldset>
      <legend className="font-medium text-sm">{PLAYLISTS_TEXT.visibilityChoice.legend}</legend>
      <RadioCards
        label={PLAYLISTS_TEXT.visibilityChoice.legend}
        options={OPTIONS}
        value={isPublic ? 'public' : 'private'}
        onChange={(v) => onChange(v === 'public')}
        className="mt-2"
      />
    </fieldset>
  );
}

/** What a free member reads instead of the choice. */
export function PublicOnlyNote() {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-surface px-3 py-2.5 text-muted text-xs leading-relaxed">
      <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {PLAYLISTS_TEXT.publicOnlyNote.note}
    </p>
  );
}
