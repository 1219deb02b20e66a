// Everything the web process (and its in-app task workers) asks of kuromoji's dictionary is answered by a
// helper process (lib/helper-process.ts, `mugen-dictionary`) that loads it when first asked and ends after
// READING_IDLE_MS without a question (issue 27.2, 27.3): readings with kanji (search by reading, issue
// 20), the support chat's words (issue 25.4), the voice's kana (GET /api/readings, issue 25.3), the
// offline writer's script and the offline fact check's claims (creation, the demo). The web process never
// holds the dictionary (about 280 MB, whose collections paused the event loop for hundreds of
// milliseconds), and when the helper ends, every page it held goes back to the system.
import { helperService } from '../../lib/helper-process';
import type { ReadingEntry } from './dictionary';
import type { DictionaryAnswers, DictionaryQuestion, DictionaryReply } from './dictionary-jobs';

export const READING_IDLE_MS = 60_000;

const dictionary = helperService<DictionaryQuestion, DictionaryReply, DictionaryAnswers[DictionaryQuestion['kind']]>(
  new URL(import.meta.url.endsWith('.ts') ? './dictionary-worker.ts' : './dictionary-worker.js', import.meta.url),
  {
    idleMs: READING_IDLE_MS,
    closedMessage: "the dictionary's helper was closed",
    settle: (reply) => ('error' in reply ? new Error(`the dictionary's helper could not answer: ${reply.error}`) : reply.result),
  },
);

/** Sends a question to the dictionary process; its answer comes back in the same order as the texts. */
function ask<K extends DictionaryQuestion['kind']>(question: Extract<DictionaryQuestion, { kind: K }>): Promise<DictionaryAnswers[K]> {
  if ('texts' in question && question.texts.length === 0) return Promise.resolve([] as unknown as DictionaryAnswers[K]);
  return dictionary.ask(question) as Promise<DictionaryAnswers[K]>;
}

/** The katakana readings of folded texts that hold kanji, from the dictionary process. */
export function readInHelper(texts: string[]): Promise<string[]> {
  return ask({ kind: 'readings', texts });
}

/** The searchable words of each text (providers/japanese contentWordsWith), from the dictionary process. */
export function contentWordsInHelper(texts: string[]): Promise<string[][]> {
  return ask({ kind: 'words', texts });
}

/** The kana the offline voice reads for each text (providers/japanese toKana), from the dictionary process. */
export function kanaInHelper(texts: string[], dictionary: readonly ReadingEntry[]): Promise<string[]> {
  return ask({ kind: 'kana', texts, dictionary: [...dictionary] });
}

/** The offline writer's two-host script for a text (llm/writer writeWith), from the dictionary process. */
export function dialogueInHelper(inputText: string, title: string): Promise<string> {
  return ask({ kind: 'dialogue', inputText, title });
}

/** The claims of a script (llm/fact-check detectClaimsWith), from the dictionary process. */
export function claimsInHelper(script: string): Promise<DictionaryAnswers['claims']> {
  return ask({ kind: 'claims', script });
}

/** Ends the helper (and frees its dictionary); the next question starts another. */
export function closeReadingHelper(): Promise<void> {
  return dictionary.close();
}

/** The helper's process id while it runs (tests: the dictionary is read in another process). */
export function readingHelperPid(): number | undefined {
  return dictionary.pid();
}
