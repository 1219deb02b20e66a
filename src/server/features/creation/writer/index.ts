import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { HOST_NAMES } from '../../../../shared/constants';
import { DEFAULT_SHAPE, type ScriptShape } from '../../../../shared/rules/creation';
import type { JapaneseEngine } from '../../../providers/japanese/types';
import { analyse, type Sentence } from './analyse';
import { type Ask, answerOf, type Candidates, closing, confirmable, opening, questionOf, reaction, shareOf, shareQuestion } from './moves';
import { paragraphsOf } from './sentences';
import { debateLines, interviewLines, monologueLines, newsLines } from './shapes';
import { SPEECH_LIMITS, shortLimits, speechSeconds } from './speech-length';

/**
 * The offline writer: the member's text made into a talk between two hosts, deterministically.
 * sentences (sentences.ts) → roles (analyse.ts) → moves (moves.ts) → lines, each host in turn → checks
 * (checks.ts measures them). Issue 25, decision 0027.
 */
export const HOSTS = HOST_NAMES;

/** What is done with one sentence: a question before it, shared or said whole, a reaction after it. */
export interface Step {
  sentence: Sentence;
  ask: Ask | null;
  share: boolean;
  react: boolean;
}

/**
 * The most mentioned noun of the text, or noun phrase (朝の散歩): what the opening and closing name,
 * the earlier one on a tie. A title the member gave counts: a title that is one of the text's nouns is
 * the topic; a noun the title is about (虹は…, …の肉じゃが) or a phrase of it counts more. A single kanji
 * needs such a title and three mentions, and a superlative (日本一) is never the topic: the opening and closing would
 * say it as a fact.
 */
export function topicOf(sentences: Sentence[], title = ''): string {
  const counts = new Map<string, number>();
  const count = (t: string) => counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const s of sentences) {
    for (const t of s.terms) {
      if (s.numbers.includes(t) || /日本一|世界一|一番|唯一|最/.test(t)) continue;
      if (t === title) return t;
      if (s.phrases.some((p) => p.endsWith(t) || p.startsWith(t))) count(t);
    }
    for (const p of s.phrases) if (p.includes('の') && title.includes(p) && !s.numbers.some((n) => p.includes(n))) count(p);
  }
  const about = (t: string) => new RegExp(`${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(は|が|の|を|とは|って|$)`).test(title);
  for (const [t, n] of counts) {
    // A single kanji (体, 色) is the topic only of a title about it (虹はなぜ七色なのか).
    if ([...t].length === 1 && !(title && about(t) && n >= 3)) counts.delete(t);
    else if (title && t.includes('の')) counts.set(t, n + 2.5);
    else if (title && about(t)) counts.set(t, n + 2);
  }
  let best = '';
  for (const [t, n] of counts) if (!best || n > (counts.get(best) ?? 0)) best = t;
  return best || sentences[0]?.terms[0] || `「${title}」`;
}

/** Step 3a: which move each sentence gets, from its role, its length and its neighbours. */
export function plan(sentences: Sentence[]): Step[] {
  let statements = 0;
  let viewAsked = false;
  let lastAsk: Ask | null = null;
  const steps = sentences.map((sentence, i): Step => {
    const prev = sentences[i - 1];
    let ask: Ask | null = null;
    if (i > 0) {
      switch (sentence.role) {
        case 'cause':
          ask = 'why';
          break;
        case 'example':
          ask = 'example';
          break;
        case 'attributed':
          ask = sentence.source ? 'source' : sentence.plain ? 'confirm' : null;
          break;
        case 'opinion':
          ask = viewAsked ? null : 'view';
          viewAsked = true;
          break;
        case 'statistic':
          ask = confirmable(sentence) && lastAsk !== 'confirm' ? 'confirm' : null;
          break;
        case 'statement':
          ask = statements++ % 2 === 1 && confirmable(sentence) && lastAsk !== 'confirm' ? 'confirm' : null;
          break;
        default:
          ask = null;
      }
    }
    if (ask === 'why' && !prev) ask = null;
    lastAsk = ask;
    const share = shareOf(sentence) !== null;
    return { sentence, ask, share, react: ask === null || i % 2 === 0 };
  });
  // At least three questions: the sentences said without one, from the second on, are asked back.
  let asked = steps.filter((s) => s.ask || (s.share && shareQuestionOf(s.sentence).length > 0)).length;
  for (const step of steps.slice(1)) {
    if (asked >= 3) break;
    if (step.ask || !confirmable(step.sentence)) continue;
    step.ask = 'confirm';
    asked++;
  }
  // Still short of three: a phrase of a sentence asked about before it is said.
  for (const step of steps.slice(1)) {
    if (asked >= 3) break;
    if (step.ask || step.sentence.phrases.filter((p) => [...p].length >= 2).length === 0) continue;
    step.ask = 'about';
    asked++;
  }
  // A question comes from the host who listened: the reaction before it gives way.
  steps.forEach((step, i) => {
    if (steps[i + 1]?.ask) step.react = false;
  });
  return steps;
}

function shareQuestionOf(s: Sentence): Candidates {
  const share = shareOf(s);
  return share ? shareQuestion(s, share) : [];
}

/** Step 4: the lines, the hosts in turn; a wording said before gives way to the next candidate. */
export function linesOf(steps: Step[], topic: string, title: string, condensed: boolean): string[] {
  const lines: string[] = [];
  const said = new Set<string>();
  const echoed = new Set<string>();
  const speaker = () => HOSTS[lines.length % 2];
  const other = () => HOSTS[(lines.length + 1) % 2];
  const say = (candidates: Candidates): boolean => {
    const line = candidates.find((c) => c && !said.has(c));
    if (!line) return false;
    said.add(line);
    lines.push(`${speaker()}：${line}`);
    return true;
  };
  for (const c of opening(topic, title, condensed, HOSTS)) say(c);
  steps.forEach((step, at) => {
    const s = step.sentence;
    const prev = steps[at - 1]?.sentence;
    let asked: Ask | null = null;
    if (step.ask) {
      if (say(questionOf(step.ask, s, prev, topic, other()))) asked = step.ask;
    }
    const share = step.share ? shareOf(s) : null;
    const shareAsk = share ? shareQuestion(s, share) : [];
    if (share && (shareAsk.length > 0 || !asked)) {
      // A long sentence: one host says its first half, the other asks about (or says) the second.
      say(asked === 'confirm' ? answerOf({ ...s, text: share.first }, 'confirm', at) : [share.first]);
      if (shareAsk.length > 0 && say(shareAsk)) say([`ええ、${share.second}`, `そうなんです。${share.second}`, share.second]);
      else say([share.second]);
    } else {
      say(answerOf(s, asked, at));
    }
    if (step.react || (share && shareAsk.length === 0 && !steps[at + 1]?.ask)) {
      if (say(reaction(s, s.role, at, echoed, topic))) {
        const last = lines[lines.length - 1];
        for (const p of s.phrases) if (last.includes(p.replace(/^約/, ''))) echoed.add(p);
      }
    }
  });
  const nouns = new Set(
    steps.flatMap(({ sentence: s }) => s.terms.filter((t) => !s.numbers.includes(t) && s.phrases.some((p) => p.includes(t)))),
  );
  const closingTerms = [...nouns]
    .filter((t) => t !== topic && [...t].length >= 2)
    .sort((a, b) => countIn(steps, b) - countIn(steps, a))
    .slice(0, 3);
  for (const c of closing(topic, closingTerms)) say(c);
  return lines;
}

function countIn(steps: Step[], term: string): number {
  return steps.reduce((n, s) => n + (s.sentence.text.split(term).length - 1), 0);
}

/** Every sentence of the text analysed, by paragraph. */
export function sentencesOfText(text: string, tk: Tokenizer<IpadicFeatures>): Sentence[][] {
  const paragraphs = paragraphsOf(text);
  const lastPara = paragraphs.length - 1;
  return paragraphs.map((para, p) => para.map((s, i) => analyse(s, tk, p === lastPara && i === para.length - 1)));
}

const sidesFirst = ({ s, at }: { s: Sentence; at: number }) => (at === 0 ? 0 : s.role === 'contrast' ? 1 : 2);

/** The lines of the sentences chosen, in the shape's moves (shapes.ts; the talk's are above). */
function scriptOf(
  sentences: Sentence[],
  topic: string,
  title: string,
  condensed: boolean,
  format: ScriptShape['format'],
  starts: ReadonlySet<Sentence>,
) {
  const lines =
    format === 'monologue'
      ? monologueLines(sentences, topic, title, starts)
      : format === 'interview'
        ? interviewLines(sentences, topic, title)
        : format === 'debate'
          ? debateLines(sentences, topic, title)
          : format === 'news'
            ? newsLines(sentences, topic, title)
            : linesOf(plan(sentences), topic, title, condensed);
  return lines.join('\n');
}

/**
 * The script of a text: every sentence when the talk fits 3 to 5 minutes; a longer text is condensed
 * to the sentences that fit some 4 minutes, each paragraph's first sentence before any second one
 * (issue 15), so every part of the text is heard before any part is heard in detail. A short show is
 * condensed the same way to about one minute; the format picks the moves (issue 39.2).
 */
export function writeWith(tk: Tokenizer<IpadicFeatures>, inputText: string, title: string, shape: ScriptShape = DEFAULT_SHAPE): string {
  const paragraphs = sentencesOfText(inputText, tk);
  const all = paragraphs.flat();
  const starts = new Set(paragraphs.slice(1).map((para) => para[0]));
  // A title made from the first sentence (offline-script.ts titleFrom) is not the member's word for the topic.
  const given = !inputText.trim().startsWith(title.replace(/…$/, ''));
  const topic = topicOf(all, given ? title : '');
  const write = (picked: Sentence[], condensed: boolean) => scriptOf(picked, topic, title, condensed, shape.format, starts);
  const whole = write(all, false);
  const seconds = speechSeconds(whole);
  // A short show is a brief: about a minute, and well under half of the standard one of a short text.
  const limits = shape.length === 'short' ? shortLimits(seconds) : SPEECH_LIMITS;
  if (seconds <= limits.max) return whole;
  const order = paragraphs
    .flatMap((para, p) => para.map((s, i) => ({ s, p, i })))
    .map((pt, at) => ({ ...pt, at }))
    // A debate keeps the text's opening and its other side (a contrast sentence) first: each host needs a side.
    .sort((a, b) => (shape.format === 'debate' ? sidesFirst(a) - sidesFirst(b) : 0) || a.i - b.i || a.p - b.p);
  const chosen = new Set<number>();
  for (const candidate of order) {
    chosen.add(candidate.at);
    const picked = all.filter((_, at) => chosen.has(at));
    if (speechSeconds(write(picked, true)) > limits.target) chosen.delete(candidate.at);
  }
  if (chosen.size === 0) chosen.add(0);
  return write(
    all.filter((_, at) => chosen.has(at)),
    true,
  );
}

/**
 * The offline writer's script for a member's text, written in the dictionary's helper process
 * (japanese/helper.ts): kuromoji is never loaded in the web process (issue 27.2).
 */
export function writeDialogue(japanese: JapaneseEngine, inputText: string, title: string, shape?: ScriptShape): Promise<string> {
  return japanese.dialogue(inputText, title, shape);
}
