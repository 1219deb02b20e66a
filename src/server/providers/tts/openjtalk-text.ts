/**
 * The text given to Open JTalk, rewritten where its dictionary misreads a number (issue 37.2): written
 * with the digit 1, 1日中 and 1年中 come out as イチニチチュー and イチネンチュー; in kanji (一日中) it
 * reads them as they are said, イチニチジュー.
 */
export function openJtalkText(text: string): string {
  return text.replace(/(?<![\d０-９.,．，])[1１]([日年])中/g, '一$1中');
}

/**
 * Accent phrases in one breath group (speech between two pauses) that the voice speaks at its pace.
 * The NIT ATR503 M001 voice's duration tree asks only whether an accent phrase is among the first seven
 * of its breath group: from the eighth on, every sound is drawn several times too long (measured over
 * the demo's 688 lines: a median of 0.12 to 0.15 s a mora in groups of 1 to 7 phrases, never over 0.13 in
 * the 36 groups of 7; 0.17 to 0.35 s in all 14 groups of 8 to 10; the eighth to thirteenth phrases of a
 * 13-phrase sentence took 2.7 to 5.3 s each).
 */
export const SPOKEN_WELL_ACCENT_PHRASES = 7;
/**
 * A longer group is cut into groups of at most this many: one below the limit, as the text is analysed
 * again with its pauses, which may join or part a phrase differently.
 */
export const BREATH_GROUP_ACCENT_PHRASES = 6;
/**
 * The pause put in: open_jtalk reads the full-width comma as it reads 、 (the same label, the same
 * sound), and readingFromTrace leaves it out of the reading, since it changes no word.
 */
export const BREATH_PAUSE = '，';

/** One word of open_jtalk's [Text analysis result]. */
export interface AnalysedWord {
  surface: string;
  pos: string;
  /** The part of speech's first subdivision (格助詞, 非自立, 接尾, ...). */
  detail: string;
  /** The conjugated form (連用形, 基本形, ...). */
  form: string;
  /** The pronunciation, ’ marking the accent: a short pause is 、, a question's rise ？. */
  pron: string;
  /** 1 when the word is joined to the previous word's accent phrase. */
  chain: number;
}

/** The words of the trace's [Text analysis result], in order. */
export function analysedWords(trace: string): AnalysedWord[] {
  const start = trace.indexOf('[Text analysis result]');
  if (start < 0) return [];
  const words: AnalysedWord[] = [];
  for (const line of trace.slice(start).split('\n').slice(1)) {
    if (!line.trim()) break;
    const f = line.split(',');
    if (f.length < 10) continue;
    words.push({ surface: f[0], pos: f[1], detail: f[2], form: f[6], pron: f[9], chain: Number(f[12]) });
  }
  return words;
}

const isPause = (w: AnalysedWord) => w.pron === '、' || w.pron === '？';

/**
 * The breath groups as open_jtalk's label maker forms them from the words: a pause (a word pronounced
 * 、 or ？) ends one; a word not chained to the previous one starts an accent phrase. Each group is its
 * accent phrases, each phrase the indices of its words.
 */
export function breathGroupsOf(words: AnalysedWord[]): number[][][] {
  const groups: number[][][] = [];
  let group: number[][] = [];
  words.forEach((w, i) => {
    if (isPause(w)) {
      if (group.length) groups.push(group);
      group = [];
    } else if (!group.length || w.chain !== 1) group.push([i]);
    else group[group.length - 1].push(i);
  });
  if (group.length) groups.push(group);
  return groups;
}

/** Accent phrases in each breath group as the engine was given them: the /I: field of the trace's labels. */
export function labelledBreathGroups(trace: string): number[] {
  const start = trace.indexOf('[Output label]');
  if (start < 0) return [];
  const seen = new Map<string, number>();
  for (const line of trace.slice(start).split('\n').slice(1)) {
    const group = /\/I:(\d+)-\d+@(\d+)\+/.exec(line);
    if (group) seen.set(group[2], Number(group[1]));
  }
  return [...seen.values()];
}

/** Topic particles, which a speaker pauses after as after a clause. */
const TOPIC_PARTICLES = new Set(['は', 'も']);
const PREDICATES = new Set(['動詞', '形容詞', '助動詞']);

/**
 * What a pause costs between two accent phrases: nothing after a clause (a conjunctive particle: て,
 * から, ので, けど, と, ば) or a topic (は, も); a little after a case particle (が, を, に, で); more where
 * the next phrase leans on this one (an auxiliary verb, a suffix, する after its noun) or this one
 * modifies the next (の, a prenominal word).
 */
function pauseCost(words: AnalysedWord[], last: number, next: number): number {
  const before = words[last];
  const after = words[next];
  if (after.detail === '非自立' || after.detail === '接尾' || after.pos === '助動詞') return 5;
  if (after.pos === '動詞' && before.pos === '名詞' && before.detail === 'サ変接続') return 5;
  if (before.pos === '助詞') {
    if (before.detail === '接続助詞' || (before.detail === '係助詞' && TOPIC_PARTICLES.has(before.surface))) return 0;
    // と after a predicate ends a clause (the dictionary tags the conditional と as a quoting case particle).
    if (before.surface === 'と' && PREDICATES.has(words[last - 1]?.pos ?? '')) return 0;
    if (before.detail === '格助詞') return 1;
  }
  if (before.detail === '連体化' || before.pos === '連体詞' || before.pos === '接頭詞') return 3;
  if (before.form === '基本形' && after.pos === '名詞') return 3;
  return 2;
}

/** Evenness weighs less than where the pause falls: a group one phrase longer costs a quarter. */
const UNEVEN = 0.25;

/**
 * Where to cut a group of `phrases` accent phrases (indices of the phrases that start a new group): the
 * fewest groups of at most BREATH_GROUP_ACCENT_PHRASES, each cut where a pause costs least, and as even
 * as that allows.
 */
function cutsOf(phrases: number[][], words: AnalysedWord[]): number[] {
  const n = phrases.length;
  const parts = Math.ceil(n / BREATH_GROUP_ACCENT_PHRASES);
  const even = n / parts;
  const cost = (at: number) => pauseCost(words, phrases[at - 1].at(-1) as number, phrases[at][0]);
  // best[k][end]: the least cost of cutting phrases [0, end) into k groups, and the cuts.
  let best = new Map<number, { cost: number; cuts: number[] }>([[0, { cost: 0, cuts: [] }]]);
  for (let k = 1; k <= parts; k++) {
    const next = new Map<number, { cost: number; cuts: number[] }>();
    for (const [from, so] of best) {
      for (let to = from + 1; to <= Math.min(n, from + BREATH_GROUP_ACCENT_PHRASES); to++) {
        if ((k === parts) !== (to === n)) continue;
        const c = so.cost + UNEVEN * (to - from - even) ** 2 + (to < n ? cost(to) : 0);
        const known = next.get(to);
        if (!known || c < known.cost) next.set(to, { cost: c, cuts: to < n ? [...so.cuts, to] : so.cuts });
      }
    }
    best = next;
  }
  return best.get(n)?.cuts ?? [];
}

/**
 * Each character's place in `text` after the width folding open_jtalk applies to its input (Latin
 * letters and digits become full-width), so that the analysis's words can be found in the text.
 */
function folded(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = ch.normalize('NFKC');
    chars += f;
    for (let j = 0; j < f.length; j++) at.push(i);
    i += ch.length;
  }
  at.push(i);
  return { chars, at };
}

/**
 * The text with a pause (BREATH_PAUSE) put in each breath group the voice would draw out (over
 * SPOKEN_WELL_ACCENT_PHRASES accent phrases, as the trace of speaking `text` shows), at accent-phrase
 * boundaries; null when no group is that long, or when the trace cannot be matched to the text (the
 * words as found in the trace do not make the groups its labels show).
 */
export function withBreathPauses(text: string, trace: string): string | null {
  const labelled = labelledBreathGroups(trace);
  if (!labelled.some((n) => n > SPOKEN_WELL_ACCENT_PHRASES)) return null;
  const words = analysedWords(trace);
  const groups = breathGroupsOf(words);
  if (groups.length !== labelled.length || groups.some((g, i) => g.length !== labelled[i])) return null;

  // Each word's end in the text, where it is found right after the previous one (a number open_jtalk
  // spelt out in kanji is not, and no pause goes beside it).
  const { chars, at } = folded(text);
  const ends: (number | undefined)[] = [];
  const starts: (number | undefined)[] = [];
  let cursor = 0;
  for (const w of words) {
    const surface = w.surface.normalize('NFKC');
    const found = surface ? chars.indexOf(surface, cursor) : -1;
    if (found >= 0 && found - cursor <= 8) {
      starts.push(found);
      ends.push(found + surface.length);
      cursor = found + surface.length;
    } else {
      starts.push(undefined);
      ends.push(undefined);
    }
  }

  const pauses: number[] = [];
  for (const phrases of groups) {
    if (phrases.length <= SPOKEN_WELL_ACCENT_PHRASES) continue;
    for (const cut of cutsOf(phrases, words)) {
      const last = phrases[cut - 1].at(-1) as number;
      const end = ends[last];
      if (end !== undefined && starts[last + 1] === end) pauses.push(at[end]);
    }
  }
  if (!pauses.length) return null;
  let out = '';
  let from = 0;
  for (const p of pauses.sort((a, b) => a - b)) {
    out += text.slice(from, p) + BREATH_PAUSE;
    from = p;
  }
  return out + text.slice(from);
}
