import type { ScriptFormat, ScriptLength } from '../../../shared/rules/creation';
import type { Claim } from '../../../shared/schemas/creation';
import type { ReadingEntry } from './dictionary';

// What the web process asks of kuromoji's dictionary, answered by its helper process
// (helpers/dictionary-process.ts, started by helper.ts): nothing that needs the dictionary runs in the web process.

export type DictionaryQuestion =
  | {
      /** Katakana readings of texts already folded (NFKC, lower case), each holding a kanji. */
      kind: 'readings';
      texts: string[];
    }
  | {
      /** The searchable words of each text (contentWordsWith). */
      kind: 'words';
      texts: string[];
    }
  | {
      /** The kana the offline voice reads for each text, the operator's dictionary applied first (toKana). */
      kind: 'kana';
      texts: string[];
      dictionary: ReadingEntry[];
    }
  | {
      /** The offline writer's two-host script for a text (features/creation/writer). */
      kind: 'dialogue';
      inputText: string;
      title: string;
      /** The show's shape (issue 39.2); today's two-host talk of 3 to 5 minutes when absent. */
      format?: ScriptFormat;
      length?: ScriptLength;
    }
  | {
      /** The claims of a script, pinned to their lines (features/creation/fact-check/claims.ts). */
      kind: 'claims';
      script: string;
    };

/** The answer to each kind of question. */
export interface DictionaryAnswers {
  readings: string[];
  words: string[][];
  kana: string[];
  dialogue: string;
  /** Their kind (fact-check's ClaimKind) as a string across the process. */
  claims: (Claim & { kind: string })[];
}

export type DictionaryJob = DictionaryQuestion & { id: number };
export type DictionaryReply = { id: number; result: DictionaryAnswers[DictionaryQuestion['kind']] } | { id: number; error: string };
