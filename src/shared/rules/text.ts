/**
 * What no text a person writes may hold (#36.8): the C0 control characters (U+0000 to U+001F) but tab
 * and line feed in text of several lines, DEL (U+007F), and half of a surrogate pair, which no encoding
 * can write. XML 1.0 has no way to hold most of them (a feed listing such a title stopped being XML),
 * and none of them is typed by a person. Wrapped by `checkedString` and `writtenText`
 * (schemas/common.ts), so every field of every body refuses them with these messages.
 */

/** Whether a text holds line breaks and tabs (a message, a script) or is one line (a name, a title). */
export type TextLines = 'single' | 'multi';

export const TEXT_MESSAGES = {
  controlCharacters: '入力内容に使用できない文字（制御文字）が含まれています',
  lineBreaks: 'この項目には改行やタブを入力できません',
} as const;

// With the `u` flag, [\uD800-\uDFFF] matches only a lone half; a whole pair is one code point.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]|[\uD800-\uDFFF]/u;
const TAB_OR_LINE_FEED = /[\t\n]/;

/** The message for a text holding a character it may not, or null. */
export function controlCharacterProblem(value: string, lines: TextLines = 'single'): string | null {
  if (CONTROL.test(value)) return TEXT_MESSAGES.controlCharacters;
  if (lines === 'single' && TAB_OR_LINE_FEED.test(value)) return TEXT_MESSAGES.lineBreaks;
  return null;
}

/**
 * The characters XML 1.0 cannot hold (outside #x9 | #xA | #xD | #x20-#xD7FF | #xE000-#xFFFD |
 * #x10000-#x10FFFF), and DEL: what a feed writer drops from text written before #36.8.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

export const withoutXmlInvalid = (text: string) => text.replace(NOT_XML, '');

/** The text cut to at most `max` characters (code points), an ellipsis standing for what was cut. */
export const clip = (text: string, max: number) => ([...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text);
