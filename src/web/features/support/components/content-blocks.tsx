import { type ContentBlock, inlineParts } from '@shared/content/blocks';
import { cn } from '@web/lib/cn';
import { Fragment } from 'react';
import { Link } from 'react-router';

/** A text of the shared content with its bold words and links to the app's pages (never HTML). */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, i) =>
        'to' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text, in order
          <Link key={i} to={part.to} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
            {part.text}
          </Link>
        ) : 'bold' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text, in order
          <strong key={i} className="font-bold">
            {part.text}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text, in order
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/** Paragraphs and lists of the FAQ and the legal pages (src/shared/content). */
export function ContentBlocks({ blocks, className }: { blocks: readonly ContentBlock[]; className?: string }) {
  return (
    <div className={cn('space-y-3 [word-break:auto-phrase]', className)}>
      {blocks.map((block, i) =>
        typeof block === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed text, in order
          <p key={i}>
            <InlineText text={block} />
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed text, in order
          <ul key={i} className="list-disc space-y-1.5 pl-5 marker:text-muted">
            {block.list.map((item) => (
              <li key={item}>
                <InlineText text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
