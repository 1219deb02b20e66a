import { HOST_NAMES, type HostName } from '../../../shared/constants';
import type { TranscriptLine } from '../../../shared/rules/transcript';
import type { AnswerLine } from '../../../shared/schemas/questions';
import type { JapaneseEngine } from '../../providers/japanese/types';
import { paragraphsOf, withoutLeadingWord } from '../creation/public';
import { questionWords, rankPassages, type SupportPassage } from '../support/public';

/**
 * The hosts' answer without a model (issue 39.1): the track's own lines are searched for the question
 * with the support chat's retrieval (BM25 over content words, support/retrieval.ts), and the hosts say
 * the lines found again, in the words of the track. When the track does not say it, they say so and
 * add nothing: an answer is never made of words the track does not hold.
 */

export interface WrittenAnswer {
  lines: AnswerLine[];
  covered: boolean;
  /** The transcript lines (indices) the answer rests on; empty when not covered. */
  basedOn: number[];
  /** The pages a web search read for the lines marked `outside` (a searching model's answer only). */
  sources?: { title: string; url: string }[];
  /** Google's Search Suggestions to show with them. */
  searchEntryPoint?: string;
}

const [HARUKA, KENTA] = HOST_NAMES;

/**
 * Words of a question's frame, not of what it asks (この回で話していた…, ケンタさん、…を教えて): they
 * neither find a line nor count against the track (紹介 is folded with 招待 by the analyser).
 */
const FRAME_WORDS = new Set([
  '回',
  '今回',
  '今日',
  '番組',
  '話',
  '話す',
  '言う',
  '教える',
  '質問',
  '何',
  '紹介',
  '招待',
  '詳しい',
  '本当',
  ...HOST_NAMES.flatMap((n) => [n, `${n}さん`]),
]);

/**
 * The least share of the question the best line must hold: its share of the weight of the question's
 * words the track says (the retrieval's coverage), times the share of the question's words the track says
 * at all (a word the track never says is a part of the question nothing in it answers).
 */
export const MIN_COVERAGE = 0.5;
/** A second line is quoted when it scores this near the best and adds a word of the question. */
const SECOND_SCORE = 0.75;

/** The hosts' words around what they quote, and when the track does not say. */
export const HOST_WORDS = {
  thanks: (about: string | null) =>
    about
      ? `ご質問ありがとうございます。${about}については、この回でこう話していました。`
      : 'ご質問ありがとうございます。この回ではこう話していました。',
  back: '答えになっていたらうれしいです。では、続きをどうぞ。',
  notSaid: 'ご質問ありがとうございます。ただ、この回ではそこまでは話していませんでした。',
  noGuess: '番組で話していないことを推測でお答えするのはやめておきますね。では、続きをどうぞ。',
} as const;

/** What the track does not say: the hosts say so politely, with nothing of their own. */
export const NOT_COVERED: WrittenAnswer = {
  lines: [
    { speaker: HARUKA, text: HOST_WORDS.notSaid },
    { speaker: KENTA, text: HOST_WORDS.noGuess },
  ],
  covered: false,
  basedOn: [],
};

/** A host's reply that says nothing of the subject, left out of what is quoted (はい、 / そうなんです。). */
/**
 * A line that says nothing of its own: the other host's question (…んですか？) or a short reaction
 * (ひと風呂の話、おもしろいですね。). The track says its facts in the lines around them.
 */
const SAYS_NOTHING = /[？?]$|^.{0,24}(ね|よね|ねえ)[。！!]$/;

const ACKNOWLEDGMENT = /^(はい|ええ|そうですね|そうなんです|なるほど|へえ|うーん)[、。！!]?\s*/;

export interface TrackText {
  /** Which track (and which version of its lines): the key the passages are kept under. */
  key: string;
  title: string;
  lines: readonly TranscriptLine[];
}

interface Searchable {
  passages: readonly SupportPassage[];
  /** Every word the track says (the analyser's content words of its lines that are not questions). */
  words: Set<string>;
}

/** The passages of the tracks asked about lately: the retrieval's index is kept with the passages array. */
const searchables = new Map<string, Promise<Searchable>>();
const KEPT_TRACKS = 32;

function searchableOf(japanese: JapaneseEngine, track: TrackText): Promise<Searchable> {
  let found = searchables.get(track.key);
  if (!found) {
    // Only the lines that say something are searched (not a host's question or reaction).
    const saying = track.lines.flatMap((l, i) => (SAYS_NOTHING.test(l.text) ? [] : [{ line: l, i }]));
    const passages = saying.map(
      ({ line, i }): SupportPassage => ({
        id: String(i),
        title: '',
        text: line.text,
        keywords: [],
        // The retrieval's passages name where they are shown; a track's line is shown on its page.
        source: { kind: 'legal', title: track.title, path: '' },
      }),
    );
    found = questionWords(japanese, saying.map(({ line }) => line.text).join('\n')).then((words) => ({ passages, words: new Set(words) }));
    searchables.set(track.key, found);
    found.catch(() => searchables.delete(track.key));
    if (searchables.size > KEPT_TRACKS) searchables.delete(searchables.keys().next().value as string);
  }
  return found;
}

const hostOf = (speaker: string, fallback: HostName): HostName =>
  (HOST_NAMES as readonly string[]).includes(speaker) ? (speaker as HostName) : fallback;

/** The sentences of a line that hold a word of the question (all of it when none does), without a leading あいづち or conjunction. */
function quoted(text: string, words: readonly string[]): string {
  const sentences = paragraphsOf(text).flat();
  const holding = sentences.filter((s) => words.some((w) => s.includes(w)));
  return (holding.length ? holding : sentences)
    .map((s) => withoutLeadingWord(s.replace(ACKNOWLEDGMENT, '')))
    .join('')
    .trim();
}

/**
 * The offline answer: the best line for the question's words (its frame left out) must hold at least
 * MIN_COVERAGE of the question, the words the track never says counted against it; then the hosts quote
 * it (and a second line nearly as good that adds a word of the question; a line that asks is never
 * quoted), between a thanks and their way back to the track.
 */
export async function offlineAnswer(japanese: JapaneseEngine, track: TrackText, question: string): Promise<WrittenAnswer> {
  const [{ passages, words: said }, asked] = await Promise.all([searchableOf(japanese, track), questionWords(japanese, question)]);
  const words = asked.filter((w) => !FRAME_WORDS.has(w));
  const known = words.filter((w) => said.has(w));
  if (known.length === 0) return NOT_COVERED;
  const ranked = await rankPassages(japanese, known.join('、'), passages);
  const best = ranked[0];
  if (!best || (best.coverage * known.length) / words.length < MIN_COVERAGE) return NOT_COVERED;
  const basedOn = [Number(best.passage.id)];
  const second = ranked.find(
    (r) =>
      r !== best && r.score >= best.score * SECOND_SCORE && known.some((w) => r.passage.text.includes(w) && !best.passage.text.includes(w)),
  );
  if (second) basedOn.push(Number(second.passage.id));
  basedOn.sort((a, b) => a - b);
  const quotes = basedOn.map((i, k) => ({
    speaker: hostOf(track.lines[i].speaker, k % 2 ? HARUKA : KENTA),
    text: quoted(track.lines[i].text, known),
  }));
  const about = known.find((w) => quotes.some((q) => q.text.includes(w))) ?? null;
  const other = (host: HostName) => (host === HARUKA ? KENTA : HARUKA);
  return {
    lines: [
      { speaker: other(quotes[0].speaker), text: HOST_WORDS.thanks(about) },
      ...quotes,
      { speaker: other(quotes[quotes.length - 1].speaker), text: HOST_WORDS.back },
    ],
    covered: true,
    basedOn,
  };
}
