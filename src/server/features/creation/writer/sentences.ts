/**
 * Step 1 of the writer: the text's sentences, paragraph by paragraph. A sentence ends at 。！？ outside
 * quotes and brackets (「…。」 stays inside its sentence); a sentence said before is not a new one.
 */
const OPEN = '「『（(【〈《';
const CLOSE = '」』）)】〉》';
const END = '。！？!?';

function sentencesOfParagraph(para: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  const chars = [...para];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    current += c;
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && END.includes(c) && !END.includes(chars[i + 1] ?? '')) {
      out.push(current);
      current = '';
    }
  }
  out.push(current);
  return out
    .map((s) => s.trim())
    .filter((s) => s.replace(/[。！？!?、\s「」『』]/g, '').length > 0)
    .map((s) => (/[。！？!?」』]$/.test(s) ? s : `${s}。`));
}

/** A sentence longer than this is cut at its commas (or hard) into sentences of its own. */
export const LONGEST_SENTENCE = 120;

function cutOverlong(sentence: string): string[] {
  if ([...sentence].length <= LONGEST_SENTENCE) return [sentence];
  const parts: string[] = [];
  let current = '';
  for (const clause of sentence.match(/[^、，,]+[、，,]?/g) ?? [sentence]) {
    if (current && [...current].length + [...clause].length > LONGEST_SENTENCE) {
      parts.push(current);
      current = '';
    }
    current += clause;
  }
  if (current) parts.push(current);
  return parts.flatMap((p) => {
    const chars = [...p];
    if (chars.length <= LONGEST_SENTENCE) return [p];
    const hard: string[] = [];
    for (let i = 0; i < chars.length; i += LONGEST_SENTENCE) hard.push(chars.slice(i, i + LONGEST_SENTENCE).join(''));
    return hard;
  });
}

/** The sentences of each paragraph, in order, each said once. */
export function paragraphsOf(text: string): string[][] {
  const seen = new Set<string>();
  return text
    .normalize('NFC')
    .replace(/\r/g, '')
    .split(/\n+/)
    .map((para) =>
      sentencesOfParagraph(para)
        .flatMap(cutOverlong)
        .filter((s) => !seen.has(s) && seen.add(s)),
    )
    .filter((para) => para.length > 0);
}
