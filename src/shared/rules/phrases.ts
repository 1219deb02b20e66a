import { jaModel, Parser } from 'budoux';

/**
 * Japanese text split into phrases (文節), so a line breaks only between them (DESIGN.md: lines break at
 * phrase boundaries, never inside a word). BudouX proposes the boundaries; one is kept only where the
 * kind of script changes (hiragana, katakana, kanji, Latin letters and digits) or after punctuation or
 * a space. BudouX's model sometimes cuts inside a run of one script, where a Japanese word lives:
 * 「昆布とかつ|お節」, 「しく|み」, 「今|日から」, 「は|じめての」; a break is never taken there. A phrase
 * that is still longer than the line may break anywhere (the caller's `overflow-wrap: anywhere`).
 */
let parser: Parser | null = null;

type Script = 'hiragana' | 'katakana' | 'kanji' | 'latin' | 'space' | 'punctuation' | 'other';

function scriptOf(ch: string): Script {
  if (/\s/u.test(ch)) return 'space';
  if (/[\u3041-\u309f]/u.test(ch)) return 'hiragana';
  // The prolonged sound mark ー and the middle dot ・ belong to the katakana around them.
  if (/[\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u.test(ch)) return 'katakana';
  if (/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005\u3006\u303b]/u.test(ch)) return 'kanji';
  if (/[\p{L}\p{N}]/u.test(ch)) return 'latin';
  if (/\p{P}|\p{S}/u.test(ch)) return 'punctuation';
  return 'other';
}

/** May a line break between these two characters, which BudouX put at a phrase boundary? */
function keepsBoundary(before: string, after: string): boolean {
  const a = scriptOf(before);
  const b = scriptOf(after);
  if (a === 'space' || a === 'punctuation') return true;
  // Opening brackets and quotes start the next phrase; closing ones and 、。 end the previous one.
  if (b === 'space') return false;
  if (b === 'punctuation') return /[（(「『【〈《［\u2018\u201c]/u.test(after);
  return a !== b;
}

/** The phrases of `text`, in order; joined they give `text` back. */
export function phrasesOf(text: string): string[] {
  if (!text) return [];
  parser ??= new Parser(jaModel);
  const chunks = parser.parse(text);
  const phrases: string[] = [];
  for (const chunk of chunks) {
    const last = phrases.length - 1;
    if (last >= 0 && !keepsBoundary([...phrases[last]].at(-1) ?? '', [...chunk][0] ?? '')) phrases[last] += chunk;
    else phrases.push(chunk);
  }
  return phrases;
}
