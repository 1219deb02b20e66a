// The worker thread of reading-thread.ts: kuromoji's dictionary (about 280 MB) lives here, not on the
// web process' main thread, so its collections never pause the event loop (issue 27.3) and the thread,
// with its heap, goes when no reading is asked for a while (issue 27.2).
import { parentPort } from 'node:worker_threads';
import { loadTokenizer } from '../../providers/japanese/index';

export interface ReadingJob {
  id: number;
  /** Texts already folded (NFKC, lower case), each holding a kanji. */
  texts: string[];
}
export type ReadingReply = { id: number; readings: string[] } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('reading-worker.ts runs as a worker thread');
port.on('message', async ({ id, texts }: ReadingJob) => {
  try {
    const tk = await loadTokenizer();
    // A word without a reading counts as written.
    const readings = texts.map((text) =>
      tk
        .tokenize(text)
        .map((t) => (t.reading && t.reading !== '*' ? t.reading : t.surface_form))
        .join(''),
    );
    port.postMessage({ id, readings } satisfies ReadingReply);
  } catch (e) {
    port.postMessage({ id, error: e instanceof Error ? e.message : String(e) } satisfies ReadingReply);
  }
});
