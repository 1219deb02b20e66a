/**
 * Japanese text split into phrases (文節), so a line breaks only between them (DESIGN.md: lines break at
 * phrase boundaries, never inside a word). The words come from the platform's own dictionary
 * (`Intl.Segmenter`, ICU in every current browser and in Node: nothing to download); a phrase is a
 * content word with the particles and endings that follow it. So a new phrase starts
 * - after punctuation or a space (not after an opening bracket, nor before the particle after a closing
 *   one), and before an opening bracket or quote;
 * - where a word ending in hiragana (a particle, an inflection) is followed by one that does not start
 *   with hiragana (a noun, a verb stem, katakana, Latin letters): 出汁の|基本、|昆布とかつお節.
 * Never inside a word, nor between two hiragana words (眠る|ための and 昆布と|かつお節 stay whole: a line
 * breaks a little less often, never in the wrong place), nor after the honorific お・ご (お店). BudouX,
 * which Chromium's `word-break: auto-phrase` also uses, cuts 昆布とかつ|お節, しく|み and 今|日から; its
 * model would also add 10 kB to the home page (decision 0020). Where the platform has no segmenter, a
 * line breaks only after punctuation and spaces. A phrase longer than the line may still break anywhere
 * (the caller's `overflow-wrap: anywhere`).
 */
let segmenter: Intl.Segmenter | null | undefined;

const SPACE_OR_PUNCTUATION = /[\s\p{P}\p{S}]/u;
const OPENING = /[（(「『【〈《［〔\u2018\u201c]/u;
const CLOSING = /[）)」』】〉》］〕\u2019\u201d]/u;
const HIRAGANA = /[\u3041-\u309f]/u;
const PREFIXES = new Set(['お', 'ご', '御']);

function wordsOf(text: string): { words: string[]; dictionary: boolean } {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('ja', { granularity: 'word' }) : null;
  }
  if (!segmenter) return { words: [...text], dictionary: false };
  return { words: Array.from(segmenter.segment(text), (s) => s.segment), dictionary: true };
}

/** Does `word` start a new phrase after `previous`? */
function startsPhrase(previous: string, word: string, dictionary: boolean): boolean {
  const a = [...previous].at(-1) ?? '';
  const b = [...word][0] ?? '';
  if (SPACE_OR_PUNCTUATION.test(b)) return OPENING.test(b) && !OPENING.test(a);
  if (OPENING.test(a)) return false;
  // A closing bracket ends a word like a noun does: the particle after it stays (「無限」で).
  if (CLOSING.test(a)) return !HIRAGANA.test(b);
  if (SPACE_OR_PUNCTUATION.test(a)) return true;
  return dictionary && HIRAGANA.test(a) && !HIRAGANA.test(b) && !PREFIXES.has(previous);
}

/** The phrases of `text`, in order; joined they give `text` back. */
export function phrasesOf(text: string): string[] {
  if (!text) return [];
  const { words, dictionary } = wordsOf(text);
  const phrases: string[] = [];
  let previous = '';
  for (const word of words) {
    if (phrases.length > 0 && !startsPhrase(previous, word, dictionary)) phrases[phrases.length - 1] += word;
    else phrases.push(word);
    previous = word;
  }
  return phrases;
}
