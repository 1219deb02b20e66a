// Runs renderSpeechToMp3 in a helper process (lib/helper-process.ts), so a long synthesis never stalls
// Fastify's event loop and the speech engine (eSpeak's WASM, kuromoji's dictionary: about 300 MB) is never
// part of the web process (issue 27.2). It ends RENDER_IDLE_MS after its last job, giving that memory back;
// the next job starts another (about a second to load).
import { type Helper, startHelper } from '../../lib/helper-process';
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

export const RENDER_IDLE_MS = 120_000;

let worker: Helper<RenderJob> | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(err: Error): void {
  for (const job of pending.values()) job.reject(err);
  pending.clear();
}

function ensureWorker(): Helper<RenderJob> {
  if (worker) return worker;
  // render-worker.ts in the sources, render-worker.js beside the entry point when built.
  const w: Helper<RenderJob> = startHelper<RenderJob, RenderReply>(
    new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', import.meta.url),
    {
      onReply: (reply) => {
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
        if (pending.size === 0) {
          // An idle helper must not keep the process (a script, a test run) alive, nor its memory for long.
          w.unref();
          clearTimeout(idle);
          idle = setTimeout(() => void closeRenderPool(), RENDER_IDLE_MS);
          idle.unref();
        }
      },
      onExit: (err) => {
        // Closed on purpose, its jobs were failed then (and the jobs waiting now are the next helper's).
        if (worker !== w) return;
        worker = undefined;
        failAll(new Error(`speech render worker ended: ${err.message}`));
      },
    },
  );
  worker = w;
  return w;
}

/** Starts the worker so that it loads the dictionary and voice before the first job arrives. */
export function warmRenderPool(): void {
  ensureWorker();
}

/** Renders `text` to MP3 in the render process; jobs run one after another. */
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
  clearTimeout(idle);
  const id = job.id;
  return new Promise<RenderedDialogue>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    try {
      w.send(job);
    } catch (err) {
      pending.delete(id);
      reject(err);
    }
  });
}

/** Stops the worker; jobs still queued are rejected. The next renderInWorker starts a new one. */
export async function closeRenderPool(): Promise<void> {
  clearTimeout(idle);
  const w = worker;
  worker = undefined;
  if (!w) return;
  failAll(new Error('speech render pool closed'));
  await w.close();
}
