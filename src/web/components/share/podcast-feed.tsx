import { SHARE_TEXT } from '@shared/messages/share';
import { podcastAppUrl } from '@shared/rules/feeds';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { publicOrigin } from '@web/lib/public-origin';
import { useCopyUrl } from '@web/lib/use-copy';
import { Check, Rss } from 'lucide-react';

const T = SHARE_TEXT.podcastFeed;

/**
 * A profile's or a public playlist's podcast feed (issue 28.3): copy its address for any podcast app, or
 * open it in the one the device has (podcast://). `path` is the feed's path from @shared/rules/feeds.
 */
export function PodcastFeed({ path, className }: { path: string; className?: string }) {
  const { copied, copy } = useCopyUrl();
  const url = `${publicOrigin()}${path}`;
  return (
    <section className={cn('flex flex-col items-center gap-2 text-center', className)} aria-label={T.heading} data-testid="podcast-feed">
      <h2 className="flex items-center gap-1.5 font-medium text-muted text-sm">
        <Rss aria-hidden="true" className="size-4" />
        {T.heading}
      </h2>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copy(url)}
          data-testid="copy-feed-url"
          data-feed-url={url}
          data-copied={copied ? 'true' : 'false'}
        >
          {copied ? <Check aria-hidden="true" className="size-4 text-accent" /> : <Rss aria-hidden="true" className="size-4" />}
          {copied ? T.copied : T.copy}
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a href={podcastAppUrl(url)} aria-label={T.openLabel} data-testid="open-feed-in-app">
            {T.open}
          </a>
        </Button>
      </div>
      <p className="max-w-xs text-muted text-xs leading-relaxed">{T.note}</p>
    </section>
  );
}
