import { phrasesOf } from '@shared/rules/phrases';
import { cn } from '@web/lib/cn';
import { Fragment, useMemo } from 'react';

/**
 * Japanese text that wraps only between phrases (DESIGN.md; issue 20): the phrases of
 * `phrasesOf` (the platform's word dictionary, never inside a word) with a break opportunity (<wbr>) between them, and no
 * break elsewhere (`word-break: keep-all`), in every browser. A phrase longer than the line still breaks
 * rather than overflow. Screen readers and copy read the text unchanged.
 */
export function PhraseText({ text, className }: { text: string; className?: string }) {
  const phrases = useMemo(() => phrasesOf(text), [text]);
  return (
    <span className={cn('[overflow-wrap:anywhere] [word-break:keep-all]', className)} data-phrases={phrases.length}>
      {phrases.map((phrase, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the phrases of one text, in order; a phrase may repeat
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}
