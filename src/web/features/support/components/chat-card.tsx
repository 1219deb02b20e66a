import { SUPPORT_TEXT } from '@shared/messages/support';
import { Button } from '@web/components/ui/button';
import { MessageCircleQuestionMark } from 'lucide-react';

const T = SUPPORT_TEXT.chatCard;

/** The support chat's card on /faq (C-2.5-09, C-2.7-01): what it is and the button that opens it. */
export function ChatCard({ onOpen }: { onOpen: () => void }) {
  return (
    <section aria-labelledby="support-chat-card-title" className="rounded-3xl bg-accent-soft p-5" data-testid="support-chat-card">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-bg text-accent shadow-sm">
          <MessageCircleQuestionMark aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="support-chat-card-title" className="font-bold text-lg">
            {T.title}
          </h2>
          <p className="mt-1 text-muted text-sm leading-relaxed [word-break:auto-phrase]">{T.body}</p>
        </div>
      </div>
      <Button className="mt-4 w-full" onClick={onOpen} data-testid="open-support-chat">
        {T.open}
      </Button>
    </section>
  );
}
