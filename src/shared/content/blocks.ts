/**
 * The shape of Mugen's own texts (the FAQ and the legal pages, src/shared/content): what the pages
 * draw and what the support chat answers from, one source for both.
 *
 * A block is a paragraph or a list of points. In the text, `[words](/path)` is a link to a page of
 * the app and `**words**` is bold; nothing else is markup.
 */
export type ContentBlock = string | { list: string[] };

export type InlinePart = { text: string } | { text: string; to: string } | { text: string; bold: true };

const LINK = /\[([^\]]+)\]\((\/[a-z0-9/-]*)\)/g;
const MARKUP = /\[([^\]]+)\]\((\/[a-z0-9/-]*)\)|\*\*([^*]+)\*\*/g;

/** A text as its parts: plain words, bold words, and links to the app's own pages. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let at = 0;
  for (const m of text.matchAll(MARKUP)) {
    const start = m.index ?? 0;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push(m[3] !== undefined ? { text: m[3], bold: true } : { text: m[1], to: m[2] });
    at = start + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * A text with its links written out, the address in brackets: 解約ページ（/cancel）. Bold stays
 * `**…**`, which the chat draws as bold.
 */
export const plainText = (text: string) => text.replace(LINK, '$1（$2）');

/** The blocks as plain text, a line each (a list's points as "・…"). */
export const blocksText = (blocks: readonly ContentBlock[]) =>
  blocks.map((b) => (typeof b === 'string' ? plainText(b) : b.list.map((item) => `・${plainText(item)}`).join('\n'))).join('\n');
