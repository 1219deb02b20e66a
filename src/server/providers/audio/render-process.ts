// Runs renderSpeechToMp3 in a helper process (lib/helper-process.ts), so a long synthesis never stalls
// Fastify's event loop and the speech engine (eSpeak's WASM, kuromoji's dictionary: about 300 MB) is never
// part of the web process (issue 27.2). It ends RENDER_IDLE_MS after its last job, giving that memory back;
// the next job starts another (about a second to load).
import { helperService } from '../../lib/helper-process';
import { ProviderError } from '../errors';
import type { ReadingEntry } from '../japanese/dictionary';
import { mirrorServedModels, mirrorSettingProblems } from '../problems';
import type { TtsSettings } from '../tts/index';
import type { RenderedDialogue, RenderedSpeech } from './render';
import type { RenderJob, RenderReply } from './render-worker';

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export const RENDER_IDLE_MS = 120_000;

// render-worker.ts in the sources, render-worker.js beside the entry point when built.
const renderer = helperService<Omit<RenderJob, 'id'>, RenderReply, RenderedDialogue>(
  new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', import.meta.url),
  {
    idleMs: RENDER_IDLE_MS,
    closedMessage: 'the speech render process was closed',
    settle: (reply) => {
      mirrorSettingProblems(reply.problems ?? []);
      mirrorServedModels(reply.models ?? []);
      if ('error' in reply)
        return reply.provider
          ? new ProviderError(reply.provider.name, reply.provider.kind, reply.error.split('\n')[0])
          : new Error(`speech rendering failed: ${reply.error}`);
      const mp3 = buf(reply.mp3);
      return {
        mp3,
        duration: reply.duration,
        mp3Hq: reply.mp3Hq ? buf(reply.mp3Hq) : mp3,
        lines: reply.lines ?? [],
        voicedBy: reply.voicedBy ?? 'offline',
        voiceCredit: reply.voiceCredit ?? null,
      };
    },
  },
);

/** Renders `text` to MP3 in the render process; jobs run one after another. */
export function renderInWorker(text: string, opts: { speakingRate?: number; voice?: string } = {}): Promise<RenderedSpeech> {
  return renderer.ask({ text, speakingRate: opts.speakingRate, voice: opts.voice });
}

/**
 * Renders a two-host script (each host's voice, -16 LUFS, 64 and 128 kbit/s, line timings) in the
 * worker, with the operator's reading dictionary applied to whichever voice speaks it; with `lineCache`
 * (a directory, line-cache.ts), only the lines not spoken before in this voice are spoken (issue 37.4).
 * `interactive` is for what a member waits for (a preview, the hosts' answer): it goes before every
 * queued `bulk` render (the tasks' tracks and talks, the demo), after the one being spoken.
 */
export function renderDialogueInWorker(
  script: string,
  opts: { speakingRate?: number; tts?: TtsSettings; readings?: ReadingEntry[]; lineCache?: string; lane?: 'interactive' | 'bulk' } = {},
): Promise<RenderedDialogue> {
  const { lane = 'bulk', ...job } = opts;
  return renderer.ask({ script, ...job }, { lane });
}

/** Starts the render helper now if it is not running (a member is about to wait for speech). */
export function warmRenderProcess(): void {
  renderer.warm();
}

/** Stops the helper; jobs still queued are rejected. The next renderInWorker starts a new one. */
export function closeRenderProcess(): Promise<void> {
  return renderer.close();
}
