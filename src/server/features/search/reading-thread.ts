// Everything the web process asks of kuromoji's dictionary is answered by a worker thread that loads it
// when first asked and ends after READING_IDLE_MS without a question (issue 27.2, 27.3): readings with
// kanji (search by reading, issue 20), the support chat's words (issue 25.4) and the voice's kana
// (GET /api/readings, issue 25.3). The web process' main thread never holds the dictionary (about
// 280 MB, whose collections paused the event loop for hundreds of milliseconds), and a process that
// reads nothing for a while gives it back.
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../../lib/worker-thread';
import type { ReadingEntry } from '../../providers/japanese/index';
import type { ReadingJob, ReadingQuestion, ReadingReply } from './reading-worker';

export const READING_IDLE_MS = 60_000;

interface Pending {
  resolve: (result: string[] | string[][]) => void;
  reject: (err: Error) => void;
}

interface Thread {
  w: Worker;
  /** Questions asked of this thread and not answered yet. */
  pending: Map<number, Pending>;
}

let worker: Thread | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;

function ensureWorker(): Thread {
  if (worker) return worker;
  const pending = new Map<number, Pending>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const w = startWorkerThread(new URL(import.meta.url.endsWith('.ts') ? './reading-worker.ts' : './reading-worker.js', import.meta.url));
  w.on('message', (reply: ReadingReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if ('error' in reply) p.reject(new Error(`readings could not be computed: ${reply.error}`));
    else p.resolve(reply.result);
    if (pending.size === 0) {
      // An idle thread must not keep the process (a script, a test run) alive, nor its dictionary for long.
      w.unref();
      clearTimeout(idle);
      idle = setTimeout(() => void closeReadingThread(), READING_IDLE_MS);
      idle.unref();
    }
  });
  w.on('error', (err) => {
    if (worker?.w === w) worker = undefined;
    failAll(err);
  });
  w.on('exit', (code) => {
    if (worker?.w === w) worker = undefined;
    failAll(new Error(`the reading thread exited with code ${code}`));
  });
  w.unref();
  worker = { w, pending };
  return worker;
}

/** Sends a question to the dictionary thread; its answer comes back in the same order as the texts. */
function ask<T extends string[] | string[][]>(question: ReadingQuestion): Promise<T> {
  if (question.texts.length === 0) return Promise.resolve([] as string[] as T);
  const { w, pending } = ensureWorker();
  clearTimeout(idle);
  w.ref();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as Pending['resolve'], reject });
    w.postMessage({ id, ...question } satisfies ReadingJob);
  });
}

/** The katakana readings of folded texts that hold kanji, from the dictionary thread. */
export function readInThread(texts: string[]): Promise<string[]> {
  return ask<string[]>({ kind: 'readings', texts });
}

/** The searchable words of each text (providers/japanese contentWordsWith), from the dictionary thread. */
export function contentWordsInThread(texts: string[]): Promise<string[][]> {
  return ask<string[][]>({ kind: 'words', texts });
}

/** The kana the offline voice reads for each text (providers/japanese toKana), from the dictionary thread. */
export function kanaInThread(texts: string[], dictionary: readonly ReadingEntry[]): Promise<string[]> {
  return ask<string[]>({ kind: 'kana', texts, dictionary: [...dictionary] });
}

/** Ends the thread (and frees its dictionary); the next question starts another. */
export async function closeReadingThread(): Promise<void> {
  clearTimeout(idle);
  const t = worker;
  worker = undefined;
  if (t) await t.w.terminate();
}
