// Everything the web process (and its in-app task workers) asks of kuromoji's dictionary is answered by a
// helper process (lib/helper-process.ts, `mugen-dictionary`) that loads it when first asked and ends after
// READING_IDLE_MS without a question (issue 27.2, 27.3): readings with kanji (search by reading, issue
// 20), the support chat's words (issue 25.4), the voice's kana (GET /api/readings, issue 25.3), the
// offline writer's script and the offline fact check's claims (creation, the demo). The web process never
// holds the dictionary (about 280 MB, whose collections paused the event loop for hundreds of
// milliseconds), and when the helper ends, every page it held goes back to the system.
//
// One member must not slow everyone else (issue 36.5): the questions wait in this process, a cheap one
// someone waits on (a search's words, the support chat's, a short text's kana) before every costly one;
// a member may have DICTIONARY_LIMITS.perOwner questions in the helper at once (429 beyond), each lane
// holds a bounded number (503 beyond), and every question times out (503; a helper stuck on one is ended
// and another started for the rest).
import { MESSAGES } from '../../../shared/messages/api';
import { AppError } from '../../http/errors';
import { type AskOptions, HelperBusyError, HelperTimeoutError, helperService } from '../../lib/helper-process';
import type { DictionaryAnswers, DictionaryQuestion, DictionaryReply } from './dictionary-questions';
import type { JapaneseEngine } from './types';

export const READING_IDLE_MS = 60_000;

/**
 * The dictionary helper's queue: questions per member at once, questions waiting in each lane, how long
 * a question may wait, then run (a costly one: the offline writer's script of a long text), and the
 * loading of the dictionary (about a second, more on a busy machine) a new helper has besides.
 */
export const DICTIONARY_LIMITS = { perOwner: 2, interactive: 32, bulk: 16, timeoutMs: 30_000, startupMs: 60_000 } as const;
/** A question of at most this many characters in all, of these kinds, is cheap: it goes first. */
export const INTERACTIVE_CHARS = 500;
const INTERACTIVE_KINDS = new Set<DictionaryQuestion['kind']>(['readings', 'words', 'kana']);
// Generous for a loaded 2-core machine: the timeout is there to free a wedged helper, not to hurry a slow one.
const INTERACTIVE_TIMEOUT_MS = 10_000;

const sizeOf = (question: DictionaryQuestion) =>
  'texts' in question
    ? question.texts.reduce((n, t) => n + t.length, 0)
    : question.kind === 'dialogue'
      ? question.inputText.length + question.title.length
      : question.script.length;

/** The lane of a question: cheap ones (short texts to read) before the rest. */
function laneOf(question: DictionaryQuestion): AskOptions {
  return INTERACTIVE_KINDS.has(question.kind) && sizeOf(question) <= INTERACTIVE_CHARS
    ? { lane: 'interactive', timeoutMs: INTERACTIVE_TIMEOUT_MS }
    : { lane: 'bulk' };
}

/** The queue's refusals and timeouts as the answers a person reads (a task retries them with backoff). */
function answerOf(err: unknown): never {
  if (err instanceof HelperBusyError) {
    throw err.scope === 'owner' ? new AppError(429, MESSAGES.dictionaryBusyMember) : new AppError(503, MESSAGES.dictionaryBusy);
  }
  if (err instanceof HelperTimeoutError) throw new AppError(503, MESSAGES.dictionaryTimeout);
  throw err;
}

/**
 * The Japanese engine's dictionary questions, answered by a helper process of its own (started on the first
 * question, ended when idle). `buildApp` makes one and hands it to the features in `AppDeps` (and the task
 * workers in `JobDeps`); main.ts makes the one both share, so a process holds one dictionary at most.
 */
export function createJapaneseEngine(): JapaneseEngine {
  const dictionary = helperService<DictionaryQuestion, DictionaryReply, DictionaryAnswers[DictionaryQuestion['kind']]>(
    // The process's entry is a composition root outside the providers (helpers/dictionary-process.ts,
    // decision 0043); built, every entry is side by side in dist/server.
    new URL(import.meta.url.endsWith('.ts') ? '../../helpers/dictionary-process.ts' : './dictionary-process.js', import.meta.url),
    {
      idleMs: READING_IDLE_MS,
      limits: DICTIONARY_LIMITS,
      closedMessage: "the dictionary's helper was closed",
      settle: (reply) => ('error' in reply ? new Error(`the dictionary's helper could not answer: ${reply.error}`) : reply.result),
    },
  );

  /** Sends a question; its answer comes back in the same order as the texts. `owner` (a member) is counted against DICTIONARY_LIMITS.perOwner. */
  function ask<K extends DictionaryQuestion['kind']>(
    question: Extract<DictionaryQuestion, { kind: K }>,
    owner?: string,
  ): Promise<DictionaryAnswers[K]> {
    if ('texts' in question && question.texts.length === 0) return Promise.resolve([] as unknown as DictionaryAnswers[K]);
    return (dictionary.ask(question, { ...laneOf(question), owner }) as Promise<DictionaryAnswers[K]>).catch(answerOf);
  }

  return {
    readings: (texts) => ask({ kind: 'readings', texts }),
    contentWords: (texts) => ask({ kind: 'words', texts }),
    kana: (texts, readings, owner) => ask({ kind: 'kana', texts, dictionary: [...readings] }, owner),
    dialogue: (inputText, title, shape) => ask({ kind: 'dialogue', inputText, title, ...shape }),
    claims: (script) => ask({ kind: 'claims', script }),
    close: () => dictionary.close(),
    pid: () => dictionary.pid(),
  };
}
