// Readings with kanji (search by reading, issue 20) are computed in a worker thread that loads kuromoji's
// dictionary when first asked and ends after READING_IDLE_MS without a question (issue 27.2, 27.3): the
// web process' main thread never holds the dictionary (about 280 MB, whose collections paused the event
// loop for hundreds of milliseconds), and a process that reads nothing for a while gives it back.
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../../lib/worker-thread';
import type { ReadingJob, ReadingReply } from './reading-worker';

export const READING_IDLE_MS = 60_000;

interface Pending {
  resolve: (readings: string[]) => void;
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
    else p.resolve(reply.readings);
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

/** The katakana readings of folded texts that hold kanji, from the dictionary thread. */
export function readInThread(texts: string[]): Promise<string[]> {
  if (texts.length === 0) return Promise.resolve([]);
  const { w, pending } = ensureWorker();
  clearTimeout(idle);
  w.ref();
  const id = nextId++;
  return new Promise<string[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, texts } satisfies ReadingJob);
  });
}

/** Ends the thread (and frees its dictionary); the next question starts another. */
export async function closeReadingThread(): Promise<void> {
  clearTimeout(idle);
  const t = worker;
  worker = undefined;
  if (t) await t.w.terminate();
}
