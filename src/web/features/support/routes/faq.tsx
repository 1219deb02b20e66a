import { FAQ_ENTRIES } from '@shared/content/faq';
import { SUPPORT_TEXT } from '@shared/messages/support';
import { SiteFooter } from '@web/components/layout/site-footer';
import { Accordion } from '@web/components/ui/accordion';
import { ButtonLink } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ChatCard } from '../components/chat-card';
import { ChatModal } from '../components/chat-modal';
import { ContentBlocks } from '../components/content-blocks';
import { useSupportChat } from '../hooks/use-support-chat';

const T = SUPPORT_TEXT.faqPage;

/**
 * /faq (creator-operator spec §2.7): the support chat card, and the accordion of the spec's topics
 * written for this product (src/shared/content/faq.ts, the same text the chat answers from). A link to
 * /faq#cancel opens that answer. The conversation lasts while the page does.
 */
export function FaqRoute() {
  useDocumentTitle(T.documentTitle);
  const { hash } = useLocation();
  const [chatOpen, setChatOpen] = useState(false);
  const chat = useSupportChat();
  const anchored = decodeURIComponent(hash.slice(1));
  const items = FAQ_ENTRIES.map((e) => ({ value: e.id, title: e.question, content: <ContentBlocks blocks={e.answer} /> }));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-8 lg:px-8" data-testid="faq-page">
      <h1 className="font-bold text-2xl">{T.title}</h1>
      <p className="mt-2 text-muted leading-relaxed [word-break:auto-phrase]">{T.lead}</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
        <aside className="space-y-4 lg:sticky lg:top-6 lg:order-2 lg:self-start">
          <ChatCard onOpen={() => setChatOpen(true)} />
          <ContactCta className="hidden lg:block" />
        </aside>

        <section aria-label={T.listLabel} className="min-w-0">
          <Accordion
            items={items}
            defaultOpen={FAQ_ENTRIES.some((e) => e.id === anchored) ? [anchored] : undefined}
            testId="faq-accordion"
          />
          <ContactCta className="mt-6 lg:hidden" />
        </section>
      </div>

      <SiteFooter current="/faq" />
      <ChatModal open={chatOpen} onOpenChange={setChatOpen} messages={chat.messages} pending={chat.pending} send={chat.send} />
    </div>
  );
}

/** The way to the contact form when the answers do not help (beside the chat on a desktop, under the list on a phone). */
function ContactCta({ className }: { className?: string }) {
  return (
    <section className={cn('rounded-3xl border border-border p-5', className)}>
      <h2 className="font-bold">{T.contactTitle}</h2>
      <p className="mt-1 text-muted text-sm leading-relaxed [word-break:auto-phrase]">{T.contactBody}</p>
      <ButtonLink to="/contact" variant="secondary" className="mt-4 w-full">
        <Mail aria-hidden="true" className="size-4" />
        {T.contactLink}
      </ButtonLink>
    </section>
  );
}
