import { SHARE_TEXT } from '@shared/messages/share';
import { lineShareUrl } from '@shared/rules/share';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useCopyUrl } from '@web/lib/use-copy';
import { Check, Link2, Share } from 'lucide-react';
import { useState } from 'react';
import { LineLogo } from './line-logo';

const T = SHARE_TEXT.shareActions;

export interface ShareActionsProps {
  /** The public address to share (built on publicOrigin(), never the listening address). */
  url: string;
  /** What is shared, as the share sheet's title and in the buttons' labels. */
  title: string;
  /** The words the share sheet sends with the address. */
  text?: string;
  /** Labelled pills (a page's own row) or icon buttons (beside other icon buttons). */
  look?: 'pills' | 'icons';
  /** The copy button; off where the page has its own (an invitation's copy with its refusals). */
  copy?: boolean;
  className?: string;
}

/** Is the phone's share sheet there? (Web Share API: phones, Safari, Chrome on Windows and macOS.) */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Sharing an address (issue 20): the phone's share sheet where the browser has one, LINE's share page
 * (the messenger most Japanese listeners use), and copying, which is also what the share button does
 * when the sheet fails. A closed sheet is no failure.
 */
export function ShareActions({ url, title, text, look = 'pills', copy: withCopy = true, className }: ShareActionsProps) {
  const [sheet] = useState(canShare);
  const { copied, copy } = useCopyUrl();
  const icons = look === 'icons';

  const share = async () => {
    try {
      await navigator.share({ title, text, url });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      console.warn('[share] the share sheet failed; copying instead', e);
      await copy(url);
    }
  };

  return (
    <div className={cn('flex flex-wrap items-center justify-center gap-2', className)} data-testid="share-actions">
      {sheet && (
        <Button
          variant="secondary"
          size={icons ? 'icon' : 'sm'}
          onClick={() => void share()}
          aria-label={T.shareLabel(title)}
          data-testid="share-native"
        >
          <Share aria-hidden="true" className={icons ? 'size-5' : 'size-4'} />
          {!icons && T.share}
        </Button>
      )}
      <Button asChild variant="secondary" size={icons ? 'icon' : 'sm'}>
        <a href={lineShareUrl(url)} target="_blank" rel="noopener noreferrer" aria-label={T.lineLabel(title)} data-testid="share-line">
          <LineLogo className={icons ? 'size-6' : 'size-5'} />
          {!icons && T.line}
        </a>
      </Button>
      {withCopy && (
        <Button
          variant="secondary"
          size={icons ? 'icon' : 'sm'}
          onClick={() => void copy(url)}
          aria-label={copied ? T.copied : T.copyLabel(title)}
          data-testid="share-copy"
          data-copied={copied ? 'true' : 'false'}
        >
          {copied ? (
            <Check aria-hidden="true" className={cn(icons ? 'size-5' : 'size-4', 'text-accent')} />
          ) : (
            <Link2 aria-hidden="true" className={icons ? 'size-5' : 'size-4'} />
          )}
          {!icons && (copied ? T.copied : T.copy)}
        </Button>
      )}
    </div>
  );
}
