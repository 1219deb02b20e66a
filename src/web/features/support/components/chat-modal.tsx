import { SUPPORT_TEXT } from '@shared/messages/support';
import { CHAT_MESSAGE_MAX, canSendChat, isChatSendKey } from '@shared/rules/support';
import { Modal } from '@web/components/ui/dialog';
import { LogoMark } from '@web/components/ui/logo-mark';
import { cn } from '@web/lib/cn';
import { useHideFooter } from '@web/lib/footer';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ChatMessage } from '../hooks/use-support-chat';
import { ReplyText } from './reply-text';

const T = SUPPORT_TEXT.chatModal;
/** The textarea grows with its text up to about five lines, then scrolls. */
const INPUT_MAX_PX = 140;

const timeOf = (ms: number) => new Intl.DateTimeFormat('ja-JP', { hour: '2-digit', minute: '2-digit' }).format(ms);

interface ChatModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  messages: ChatMessage[];
  pending: boolean;
  /** Sends a question; false when it was not sent (blank, or a reply pending). */
  send: (text: string) => boolean;
}

/**
 * The support chat (creator-operator spec §2.5): the greeting, the conversation with timestamps, a
 * thinking indicator while a reply is pending, and the input: Enter sends, Shift+Enter makes a new
 * line, sending is blocked while the text is blank or a reply is pending. The footer is hidden while
 * it is open (C-2.5-08).
 */
export function ChatModal({ open, onOpenChange, messages, pending, send }: ChatModalProps) {
  useHideFooter(open);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const canSend = canSendChat(text, pending);
  // A phone's keyboard would cover the greeting: the input takes the focus at once only with a mouse or a keyboard.
  const [fine] = useState(() => typeof window !== 'undefined' && window.matchMedia('(pointer: fine)').matches);

  // The newest message (or the indicator) scrolls into view.
  const count = messages.length;
  useEffect(() => {
    if (open && (count > 0 || pending)) end.current?.scrollIntoView({ block: 'end' });
  }, [open, count, pending]);

  const resize = () => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_PX)}px`;
  };

  const submit = (value: string) => {
    if (!send(value)) return;
    setText('');
    requestAnimationFrame(resize);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(text);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={T.title}
      description={T.description}
      hideDescription
      flush
      className="h-[88dvh] sm:h-[min(42rem,86dvh)] sm:w-[min(32rem,calc(100%-2rem))]"
      testId="support-chat"
    >
      <div
        role="log"
        aria-label={T.logLabel}
        className="min-h-0 flex-1 space-y-4 overflow-y-auto border-border border-t bg-surface/60 px-4 py-4"
        data-testid="chat-log"
      >
        {messages.map((m) => (
          <Bubble key={m.id} message={m} onNavigate={() => onOpenChange(false)} />
        ))}
        {pending && (
          <div className="flex items-start gap-2" data-testid="chat-thinking">
            <BotAvatar />
            <div
              role="status"
              className="inline-flex items-center gap-2 rounded-2xl rounded-bl-md bg-bg px-4 py-3 text-muted text-sm shadow-sm"
            >
              <span aria-hidden="true" className="inline-flex gap-1">
                {[0, 150, 300].map((delay) => (
                  <span
                    key={delay}
                    className="size-1.5 animate-bounce rounded-full bg-muted motion-reduce:animate-none"
                    style={{ animationDelay: `${delay}ms` }}
                  />
                ))}
              </span>
              {T.thinking}
            </div>
          </div>
        )}
        <div ref={end} />
      </div>

      <form onSubmit={onSubmit} className="border-border border-t bg-bg px-3 pt-3 pb-3">
        <div className="flex items-end gap-2">
          <label className="min-w-0 flex-1">
            <span className="sr-only">{T.inputLabel}</span>
            <textarea
              ref={input}
              value={text}
              rows={1}
              maxLength={CHAT_MESSAGE_MAX}
              // biome-ignore lint/a11y/noAutofocus: the dialog opens to ask a question; not on touch screens (their keyboard would cover the greeting)
              autoFocus={fine}
              placeholder={T.placeholder}
              aria-describedby={hintId}
              enterKeyHint="send"
              onChange={(e) => {
                setText(e.target.value);
                resize();
              }}
              onKeyDown={(e) => {
                if (!isChatSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing, keyCode: e.keyCode }))
                  return;
                // Enter never makes a new line: it sends, or does nothing while sending is blocked (C-5-11, C-5-12).
                e.preventDefault();
                submit(text);
              }}
              className="block max-h-[8.75rem] min-h-11 w-full resize-none rounded-2xl border border-border bg-bg px-4 py-2.5 text-base leading-normal outline-none placeholder:text-muted focus:border-accent"
              data-testid="chat-input"
            />
          </label>
          <button
            type="submit"
            disabled={!canSend}
            aria-label={T.send}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:cursor-not-allowed disabled:opacity-40"
            data-testid="chat-send"
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p id={hintId} className="mt-1.5 flex justify-between gap-3 px-1 text-muted text-xs">
          <span>{T.keyHint}</span>
          {[...text].length > CHAT_MESSAGE_MAX * 0.8 && <span className="tabular-nums">{T.count([...text].length, CHAT_MESSAGE_MAX)}</span>}
        </p>
        <p className="mt-1 px-1 text-muted text-xs leading-relaxed">{T.note}</p>
      </form>
    </Modal>
  );
}

function BotAvatar() {
  return <LogoMark className="size-8" />;
}

function Bubble({ message, onNavigate }: { message: ChatMessage; onNavigate: () => void }) {
  const bot = message.type === 'bot';
  return (
    <div className={cn('flex items-start gap-2', !bot && 'flex-row-reverse')} data-testid="chat-message" data-type={message.type}>
      {bot && <BotAvatar />}
      <div className={cn('flex max-w-[85%] flex-col gap-1', bot ? 'items-start' : 'items-end')}>
        <span className="sr-only">{bot ? T.bot : T.you}</span>
        <div
          className={cn(
            'whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed [word-break:auto-phrase]',
            bot ? 'rounded-bl-md bg-bg text-fg shadow-sm' : 'rounded-br-md bg-accent text-accent-fg',
            message.failed && 'border border-danger/40 text-danger',
          )}
          data-testid="chat-message-text"
        >
          {bot ? <ReplyText text={message.content} onNavigate={onNavigate} /> : message.content}
        </div>
        <time dateTime={new Date(message.timestamp).toISOString()} className="px-1 text-muted text-xs tabular-nums" data-testid="chat-time">
          {timeOf(message.timestamp)}
        </time>
      </div>
    </div>
  );
}
