/**
 * Support (creator-operator spec §2.5, §2.6, §5, §8): the contact form's fields and limits, the chat's
 * send rule, and the simple formatting of the chat's replies. Plain functions with their Japanese
 * messages, used by the browser's form and, wrapped by `checkedString`, by the API's schemas.
 */

/** The contact form's subjects, as sent (the spec's six options, in its order). */
export const CONTACT_SUBJECTS = ['premium', 'technical', 'billing', 'cancellation', 'account', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** What each subject reads as, in the form's select and in the mail to the operator. */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  premium: 'プレミアム機能について',
  technical: '技術的な問題',
  billing: '料金・お支払いについて',
  cancellation: '解約について',
  account: 'アカウントについて',
  other: 'その他',
};

export const CONTACT_LIMITS = { name: 50, email: 254, message: 2000 } as const;
/** The longest question the support chat takes. */
export const CHAT_MESSAGE_MAX = 500;
/** The only context of POST /api/ai-chat (spec §7). */
export const CHAT_CONTEXT = 'customer_support';

export const SUPPORT_MESSAGES = {
  nameRequired: 'お名前を入力してください',
  nameTooLong: `お名前は${CONTACT_LIMITS.name}文字以内で入力してください`,
  emailRequired: 'メールアドレスを入力してください',
  emailInvalid: '正しい形式のメールアドレスを入力してください',
  subjectRequired: 'お問い合わせの種類を選択してください',
  messageRequired: 'お問い合わせ内容を入力してください',
  messageTooLong: `お問い合わせ内容は${CONTACT_LIMITS.message.toLocaleString('en-US')}文字以内で入力してください`,
  chatRequired: 'メッセージを入力してください',
  chatTooLong: `メッセージは${CHAT_MESSAGE_MAX}文字以内で入力してください`,
  /** The spec's failure of the contact form (C-8-31). */
  contactFailed: '送信に失敗しました。もう一度お試しください。',
  /** The chat's apology when the reply fails (C-8-32). */
  chatFailed: '申し訳ありません。一時的な問題が発生しました。しばらくしてからもう一度お試しください。',
  /** An empty reply (C-8-33). */
  chatEmpty: '回答を生成できませんでした。もう一度お試しください。',
} as const;

/** Characters as a person counts them (an emoji is one). */
const lengthOf = (value: string) => [...value].length;

export function contactNameProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return SUPPORT_MESSAGES.nameRequired;
  if (lengthOf(v) > CONTACT_LIMITS.name) return SUPPORT_MESSAGES.nameTooLong;
  return null;
}

/**
 * An address mail can be sent back to: a plain local part and a domain of at least two labels. No
 * quoted local parts, comments or IP literals, and no character that could end a mail header.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function contactEmailProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return SUPPORT_MESSAGES.emailRequired;
  if (v.length > CONTACT_LIMITS.email || !EMAIL.test(v) || v.split('@')[0].length > 64) return SUPPORT_MESSAGES.emailInvalid;
  return null;
}

export const isContactSubject = (value: string): value is ContactSubject => (CONTACT_SUBJECTS as readonly string[]).includes(value);

export function contactSubjectProblem(value: string): string | null {
  return isContactSubject(value.trim()) ? null : SUPPORT_MESSAGES.subjectRequired;
}

export function contactMessageProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return SUPPORT_MESSAGES.messageRequired;
  if (lengthOf(v) > CONTACT_LIMITS.message) return SUPPORT_MESSAGES.messageTooLong;
  return null;
}

export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Each field's problem (C-5-09, C-5-10); an empty object when the form can be sent. */
export function contactProblems(f: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const out: Partial<Record<keyof ContactFields, string>> = {};
  const name = contactNameProblem(f.name);
  const email = contactEmailProblem(f.email);
  const subject = contactSubjectProblem(f.subject);
  const message = contactMessageProblem(f.message);
  if (name) out.name = name;
  if (email) out.email = email;
  if (subject) out.subject = subject;
  if (message) out.message = message;
  return out;
}

export function chatMessageProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return SUPPORT_MESSAGES.chatRequired;
  if (lengthOf(v) > CHAT_MESSAGE_MAX) return SUPPORT_MESSAGES.chatTooLong;
  return null;
}

/** The chat sends only text that is not empty once trimmed, within the limit, and never while a reply is pending (C-5-11, C-5-12). */
export const canSendChat = (input: string, pending: boolean) => !pending && chatMessageProblem(input) === null;

/**
 * Enter sends, Shift+Enter makes a new line (C-2.5-03, C-2.5-04), and an Enter that confirms the
 * Japanese input method's conversion sends nothing.
 */
export const isChatSendKey = (e: { key: string; shiftKey: boolean; isComposing: boolean; keyCode?: number }) =>
  e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229;

/** A piece of a chat reply: text, bold, italic, a line break, or a link to one of the app's own pages. */
export type ReplySegment =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'italic'; text: string }
  | { kind: 'break' }
  | { kind: 'link'; text: string; to: string };

/** The pages a reply may link to (the support and legal pages and premium): nothing else becomes a link. */
export const REPLY_LINK_PATHS = ['/cancel', '/contact', '/faq', '/terms', '/privacy', '/commercial-law', '/premium'] as const;

const LINK_IN_TEXT = new RegExp(`(${REPLY_LINK_PATHS.map((p) => p.replace('/', '\\/')).join('|')})(?![\\w/-])`, 'g');

/** Plain text with the app's own paths as links. */
function withLinks(text: string, out: ReplySegment[]) {
  let at = 0;
  for (const m of text.matchAll(LINK_IN_TEXT)) {
    const start = m.index ?? 0;
    // a path inside a longer address (https://example.com/faq) stays text
    if (start > 0 && /[\w.:/-]/.test(text[start - 1])) continue;
    if (start > at) out.push({ kind: 'text', text: text.slice(at, start) });
    out.push({ kind: 'link', text: m[0], to: m[0] });
    at = start + m[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
}

/**
 * A reply as segments to draw as elements (C-2.5-07): **bold**, *italic* (or _italic_), newlines, and
 * the app's own paths as links. The reply is never read as HTML: `<b>` stays the text `<b>`.
 */
export function replySegments(reply: string): ReplySegment[] {
  const out: ReplySegment[] = [];
  const lines = reply.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, i) => {
    if (i > 0) out.push({ kind: 'break' });
    const pattern = /\*\*([^*\n]+?)\*\*|\*([^*\s][^*\n]*?)\*|(?<![\w])_([^_\n]+?)_(?![\w])/g;
    let at = 0;
    for (const m of line.matchAll(pattern)) {
      const start = m.index ?? 0;
      if (start > at) withLinks(line.slice(at, start), out);
      if (m[1] !== undefined) out.push({ kind: 'bold', text: m[1] });
      else out.push({ kind: 'italic', text: m[2] ?? m[3] });
      at = start + m[0].length;
    }
    if (at < line.length) withLinks(line.slice(at), out);
  });
  return out;
}
