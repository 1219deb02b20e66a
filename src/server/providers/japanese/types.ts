import type { ScriptShape } from '../../../shared/rules/creation';
import type { ReadingEntry } from './dictionary';
import type { DictionaryAnswers } from './dictionary-questions';

/**
 * The Japanese engine as the features reach it (`AppDeps.japanese`, `JobDeps.japanese`): kuromoji's
 * dictionary questions, answered outside the web process (helper.ts). Each answer comes back in the
 * order of the texts asked.
 */
export interface JapaneseEngine {
  /** The katakana readings of folded texts that hold kanji (search by reading). */
  readings(texts: string[]): Promise<string[]>;
  /** The searchable words of each text (contentWordsWith): the support chat's retrieval. */
  contentWords(texts: string[]): Promise<string[][]>;
  /** The kana the offline voice reads for each text, the reading dictionary applied; `owner` caps one member's questions at once. */
  kana(texts: string[], readings: readonly ReadingEntry[], owner?: string): Promise<string[]>;
  /** The offline writer's script for a text in a shape (features/creation/writer writeWith; issue 39.2). */
  dialogue(inputText: string, title: string, shape?: ScriptShape): Promise<string>;
  /** The claims of a script (features/creation/fact-check detectClaimsWith). */
  claims(script: string): Promise<DictionaryAnswers['claims']>;
  /** Ends the helper process (and frees its dictionary); the next question starts another. */
  close(): Promise<void>;
  /** The helper's process id while it runs (tests: the dictionary is read in another process). */
  pid(): number | undefined;
}
