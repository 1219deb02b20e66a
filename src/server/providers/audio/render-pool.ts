// Runs renderSpeechToMp3 off the main thread, so a long synthesis never stalls Fastify's event loop.
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../../lib/worker-thread';
import { ProviderError } from '../errors';
import type { ReadingEntry } from '../japanese/dictionary';
import type { TtsSettings } from '../tts/index';
import type { RenderedDialogue, RenderedSpeech } from './render';
import type { RenderJob, RenderReply } from './render-worker';

interface Pending {
  resolve: (value: RenderedDialogue) => void;
  reject: (err: Error) => void;
}

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The render worker: render-worker.ts in the sources, render-worker.js beside the entry point when built. */
function spawn(): Worker {
  return startWorkerThread(new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', import.meta.url));
}

function failAll(err: Error): void {
  for (const job of pending.values()) job.reject(err);
  pending.clear();
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = spawn();
  w.on('message', (reply: RenderReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if ('error' in reply)
      job.reject(
        reply.provider
          ? new ProviderError(reply.provider.name, reply.provider.kind, reply.error.split('\n')[0])
          : new Error(`speech rendering failed: ${reply.error}`),
      );
    else {
      const mp3 = buf(reply.mp3);
      job.resolve({
        mp3,
        duration: reply.duration,
        mp3Hq: reply.mp3Hq ? buf(reply.mp3Hq) : mp3,
        lines: reply.lines ?? [],
        voicedBy: reply.voicedBy ?? 'offline',
        voiceCredit: reply.voiceCredit ?? null,
      });
    }
    // An idle worker must not keep the process (a script, a test run) alive.
    if (pending.size === 0) w.unref();
  });
  w.on('error', (err) => {
    if (worker === w) worker = undefined;
    failAll(err);
  });
  w.on('exit', (code) => {
    if (worker === w) worker = undefined;
    failAll(new Error(`speech render worker exited with code ${code}`));
  });
  w.unref();
  worker = w;
  return w;
}

/** Starts the worker so that it loads the dictionary and voice before the first job arrives. */
export function warmRenderPool(): void {
  ensureWorker();
}

/** Renders `text` to MP3 in the long-lived worker thread; jobs run one after another. */
export function renderInWorker(text: string, opts: { speakingRate?: number; voice?: string } = {}): Promise<RenderedSpeech> {
  return run({ id: nextId++, text, speakingRate: opts.speakingRate, voice: opts.voice });
}

/**
 * Renders a two-host script (each host's voice, -16 LUFS, 64 and 128 kbit/s, line timings) in the
 * worker, with the operator's reading dictionary applied to whichever voice speaks it.
 */
export function renderDialogueInWorker(
  script: string,
  opts: { speakingRate?: number; tts?: TtsSettings; readings?: ReadingEntry[] } = {},
): Promise<RenderedDialogue> {
  return run({ id: nextId++, script, speakingRate: opts.speakingRate, tts: opts.tts, readings: opts.readings });
}

function run(job: RenderJob): Promise<RenderedDialogue> {
  const w = ensureWorker();
  const id = job.id;
  return new Promise<RenderedDialogue>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage(job);
  });
}

/** Stops the worker; jobs still queued are rejected. The next renderInWorker starts a new one. */
export async function closeRenderPool(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (!w) return;
  failAll(new Error('speech render pool closed'));
  await w.terminate();
}
