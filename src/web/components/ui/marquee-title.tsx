import { needsMarquee } from '@shared/rules/format';
import { cn } from '@web/lib/cn';
import type { CSSProperties } from 'react';
import { PhraseText } from './phrase-text';

interface MarqueeTitleProps {
  text: string;
  as?: 'h1' | 'h2' | 'p';
  className?: string;
}

/**
 * A title longer than 18 characters scrolls as a marquee (L-2.5-07); shorter ones stay still, wrapped
 * between phrases (issue 20: never 昆布とか|つお節).
 * Screen readers get the text once; the moving copies are hidden from them. Under reduced motion the
 * title wraps instead of moving.
 */
export function MarqueeTitle({ text, as: Tag = 'h1', className }: MarqueeTitleProps) {
  const moving = needsMarquee(text);
  const style = { '--marquee-duration': `${Math.max(10, [...text].length * 0.5)}s` } as CSSProperties;
  return (
    <Tag
      data-marquee={moving ? 'true' : 'false'}
      data-title={text}
      className={cn(
        'min-w-0 overflow-hidden',
        moving && '[mask-image:linear-gradient(to_right,transparent,black_0.75rem,black_calc(100%-1.5rem),transparent)]',
        className,
      )}
    >
      {moving ? (
        <>
          <span className="sr-only">{text}</span>
          <span
            aria-hidden="true"
            data-marquee-track
            style={style}
            className="flex w-max animate-marquee whitespace-nowrap [animation-delay:1.2s] hover:[animation-play-state:paused]"
          >
            <span data-marquee-text className="pr-14">
              {text}
            </span>
            <span data-marquee-copy className="pr-14">
              {text}
            </span>
          </span>
        </>
      ) : (
        <PhraseText text={text} className="block" />
      )}
    </Tag>
  );
}
