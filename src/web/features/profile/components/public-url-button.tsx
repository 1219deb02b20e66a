import { MY_PAGE_MESSAGES, publicProfileUrl } from '@shared/rules/my-page';
import { toast } from '@web/lib/toast';
import { Check, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';

const COPIED_MS = 2000;

/** {host}/{customUserId}: a click copies the full URL and shows a check mark for 2 s (L-2.7-05 .. L-2.7-07). */
export function PublicUrlButton({ customUserId }: { customUserId: string }) {
  const [copied, setCopied] = useState(false);
  const { label, url } = publicProfileUrl(window.location, customUserId);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
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
      aria-label={`公開URL ${label} をコピー`}
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
