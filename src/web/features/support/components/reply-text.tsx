import { type ReplySegment, replySegments } from '@shared/rules/support';
import { Fragment } from 'react';
import { Link } from 'react-router';

/**
 * A chat reply drawn from its segments (C-2.5-07): **bold**, *italic*, line breaks, and the app's own
 * pages as links. Each segment is text in an element; nothing of the reply is ever read as HTML.
 */
export function ReplyText({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  return (
    <>
      {replySegments(text).map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one reply, in order, never reordered
        <Fragment key={i}>
          <Segment segment={s} onNavigate={onNavigate} />
        </Fragment>
      ))}
    </>
  );
}

function Segment({ segment: s, onNavigate }: { segment: ReplySegment; onNavigate?: () => void }) {
  switch (s.kind) {
    case 'break':
      return <br />;
    case 'bold':
      return <strong className="font-bold">{s.text}</strong>;
    case 'italic':
      return <em>{s.text}</em>;
    case 'link':
      return (
        <Link to={s.to} onClick={onNavigate} className="font-medium text-accent underline underline-offset-2">
          {s.text}
        </Link>
      );
    default:
      return s.text;
  }
}
