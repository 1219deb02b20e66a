import { avatarFor } from '@shared/rules/format';
import { cn } from '@web/lib/cn';
import { drawsPicture } from '@web/lib/emoji-support';
import { Avatar as RadixAvatar } from 'radix-ui';

interface AvatarProps {
  picture: string | null | undefined;
  name: string | null | undefined;
  className?: string;
  /** Font size of the emoji or initial, relative to the avatar. */
  textClassName?: string;
}

/**
 * A picture of at most 2 characters is an emoji, an upload the server issued (/uploads/profile/...) an
 * image, anything else (another host's URL included) the name's initial (listener spec §2, L-2.6-06,
 * decision 0013). An emoji this browser cannot draw (no colour-emoji font: a missing-glyph box) is the
 * initial too (issue 20). Decorative: the name is always written beside it.
 */
export function Avatar({ picture, name, className, textClassName = 'text-[0.45em]' }: AvatarProps) {
  const initial = avatarFor(null, name);
  const chosen = avatarFor(picture, name);
  const a = chosen.kind === 'emoji' && !drawsPicture(chosen.value) ? initial : chosen;
  return (
    <RadixAvatar.Root
      aria-hidden="true"
      data-avatar={a.kind}
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent-soft text-accent',
        className,
      )}
    >
      {a.kind === 'image' ? (
        <>
          <RadixAvatar.Image src={a.src} alt="" className="size-full object-cover" />
          <RadixAvatar.Fallback delayMs={400} className={cn('font-semibold leading-none', textClassName)}>
            {initial.kind === 'initial' ? initial.value : '?'}
          </RadixAvatar.Fallback>
        </>
      ) : (
        <span className={cn('leading-none', a.kind === 'initial' && 'font-semibold', textClassName)}>{a.value}</span>
      )}
    </RadixAvatar.Root>
  );
}
