import { PLAYLISTS_TEXT } from '@shared/messages/playlists';
import { cn } from '@web/lib/cn';
import { Globe, Lock } from 'lucide-react';
import { RadioGroup } from 'radix-ui';

const OPTIONS = [
  { value: 'public', label: PLAYLISTS_TEXT.options.publicLabel, hint: PLAYLISTS_TEXT.options.publicHint, icon: Globe },
  { value: 'private', label: PLAYLISTS_TEXT.options.privateLabel, hint: PLAYLISTS_TEXT.options.privateHint, icon: Lock },
] as const;

const optionClass = cn(
  'flex min-h-14 items-center gap-2.5 rounded-xl border border-border bg-bg px-3 text-left transition-colors',
  'data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft',
);

/** 公開 / 非公開: offered to premium members only (free members' playlists are public; §5). */
export function VisibilityChoice({ isPublic, onChange }: { isPublic: boolean; onChange: (isPublic: boolean) => void }) {
  return (
    <fieldset>
      <legend className="font-medium text-sm">{PLAYLISTS_TEXT.visibilityChoice.legend}</legend>
      <RadioGroup.Root
        value={isPublic ? 'public' : 'private'}
        onValueChange={(v) => onChange(v === 'public')}
        className="mt-2 grid grid-cols-2 gap-2"
        aria-label={PLAYLISTS_TEXT.visibilityChoice.legend}
      >
        {OPTIONS.map(({ value, label, hint, icon: Icon }) => (
          <RadioGroup.Item key={value} value={value} className={optionClass}>
            <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
            <span>
              <span className="block font-medium text-sm">{label}</span>
              <span className="block text-muted text-xs">{hint}</span>
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
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
