import { SUPPORT_TEXT } from '@shared/messages/support';
import { canSendChat } from '@shared/rules/support';
import { useCallback, useRef, useState } from 'react';
import { useAskSupport } from '../api/ai-chat';

/** A message of the chat as the browser keeps it (creator-operator spec §3: id, type, content, timestamp). */
export interface ChatMessage {
  id: string;
  type: 'bot' | 'user';
  content: string;
  /** When it was sent or received (ms since the epoch). */
  timestamp: number;
  /** A reply that is the failure or could-not-answer message rather than an answer. */
  failed?: boolean;
}

const T = SUPPORT_TEXT.chatModal;

/**
 * The support chat's conversation (C-4-28: idle, reply pending, reply shown): it starts with the
 * greeting, and lasts while the page does (closing the chat keeps it). A failed call answers with the
 * spec's apology (C-8-32), an empty reply with its could-not-answer message (C-8-33).
 */
export function useSupportChat() {
  const seq = useRef(0);
  const make = useCallback((type: ChatMessage['type'], content: string, failed?: boolean): ChatMessage => {
    seq.current += 1;
    return { id: `${type}-${seq.current}`, type, content, timestamp: Date.now(), failed };
  }, []);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: 'greeting', type: 'bot', content: T.greeting, timestamp: Date.now() },
  ]);
  const ask = useAskSupport();
  const pending = ask.isPending;
  // Two Enters in one tick see the same render: the ref stops the second before React has re-rendered.
  const inFlight = useRef(false);

  /** Sends the text; answers false (and sends nothing) when it is blank or a reply is pending (C-5-11, C-5-12). */
  const send = useCallback(
    (text: string): boolean => {
      if (!canSendChat(text, pending || inFlight.current)) return false;
      inFlight.current = true;
      const question = text.trim();
      setMessages((m) => [...m, make('user', question)]);
      ask.mutate(question, {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: ({ response }) => {
          const reply = typeof response === 'string' ? response.trim() : '';
          setMessages((m) => [...m, reply ? make('bot', reply) : make('bot', T.empty, true)]);
        },
        onError: () => setMessages((m) => [...m, make('bot', T.failed, true)]),
      });
      return true;
    },
    [ask, make, pending],
  );

  return { messages, pending, send };
}
