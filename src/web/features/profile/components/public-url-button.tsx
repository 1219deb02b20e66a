import { PROFILE_TEXT } from '@shared/messages/profile';
import { MY_PAGE_MESSAGES, publicProfileUrl } from '@shared/rules/my-page';
import { publicOrigin } from '@web/lib/public-origin';
import { toast } from '@web/lib/toast';
import { useCopiedTick } from '@web/lib/use-copy';
import { Check, Link2 } from 'lucide-react';

/** {host}/{customUserId}: a click copies the full URL and shows a check mark for 2 s (L-2.7-05 .. L-2.7-07). */
export function PublicUrlButton({ customUserId }: { customUserId: string }) {
  const { copied, flash } = useCopiedTick();
  const origin = publicOrigin();
  const { label, url } = publicProfileUrl({ origin, host: new URL(origin).host }, customUserId);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      flash();
      toast({ title: MY_PAGE_MESSAGES.urlCopied });
    } catch (e) {
      // Listener spec §8: a failed URL copy is only logged.
      console.error('[profile] could not copy the public URL', e);
    }
  };

  return (
    <button
      type="button"
      onClick={copy}
      data-testid="public-url"
      data-copied={copied}
      aria-label={PROFILE_TEXT.publicUrlButton.publicUrlLabel(label)}
      className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full bg-surface px-3 text-muted text-sm hover:bg-surface-2 hover:text-fg"
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4 shrink-0 text-accent" data-testid="public-url-check" />
      ) : (
        <Link2 aria-hidden="true" className="size-4 shrink-0" />
      )}
      <span className="truncate">{label}</span>
    </button>
  );
}
