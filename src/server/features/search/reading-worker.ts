// The helper process of reading-helper.ts: kuromoji's dictionary (about 280 MB) lives here, not in the
// web process, so its collections never pause the event loop (issue 27.3) and the process, with every
// page it held, goes when no reading is asked for a while (issue 27.2). It answers every question the
// web process asks of the dictionary: search readings, the support chat's words, the voice's kana.
import { helperPort } from '../../lib/helper-process';
import { contentWordsWith, loadTokenizer, type ReadingEntry, toKana } from '../../providers/japanese/index';

export type ReadingQuestion =
  | {
      kind: 'readings';
      /** Texts already folded (NFKC, lower case), each holding a kanji. */
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
    };
export type ReadingJob = ReadingQuestion & { id: number };
export type ReadingReply = { id: number; result: string[] | string[][] } | { id: number; error: string };

async function answer(job: ReadingJob): Promise<string[] | string[][]> {
  const tk = await loadTokenizer();
  switch (job.kind) {
    case 'readings':
      // A word without a reading counts as written.
      return job.texts.map((text) =>
        tk
          .tokenize(text)
          .map((t) => (t.reading && t.reading !== '*' ? t.reading : t.surface_form))
          .join(''),
      );
    case 'words':
      return job.texts.map((text) => contentWordsWith(tk, text));
    case 'kana':
      return Promise.all(job.texts.map((text) => toKana(text, job.dictionary)));
  }
}

const port = helperPort<ReadingJob, ReadingReply>('mugen-readings');
port.onJob(async (job) => {
  try {
    port.reply({ id: job.id, result: await answer(job) });
  } catch (e) {
    port.reply({ id: job.id, error: e instanceof Error ? e.message : String(e) });
  }
});
