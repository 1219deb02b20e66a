// The helper process of render-process.ts. Where Open JTalk speaks, it starts open_jtalk per sentence and
// holds no dictionary; with eSpeak NG (the fallback), it keeps its own eSpeak instance and kuromoji's dictionary.
import { helperPort } from '../../lib/helper-process';
import { ProviderError } from '../errors';
import type { ReadingEntry } from '../japanese/dictionary';
import { type ServedModel, type SettingProblem, servedModels, settingProblems } from '../problems';
import { createTts, type TtsSettings, warmOfflineVoice } from '../tts/index';
import type { LineTiming } from './dialogue';
import { diskSpeechCache, type SpeechCache, voiceIdentity } from './line-cache';
import { renderDialogueToMp3, renderSpeechToMp3 } from './render';

export interface RenderJob {
  id: number;
  /** Plain text in one voice, or a two-host script (one line per turn, "ハルカ：…"). */
  text?: string;
  script?: string;
  speakingRate?: number;
  voice?: string;
  /** The voice of the dialogue (TTS_PROVIDER); the offline one when absent. */
  tts?: TtsSettings;
  /** The operator's reading dictionary (issue 25.3). */
  readings?: ReadingEntry[];
  /** The directory of spoken lines kept across jobs (issue 37.4, line-cache.ts); none kept when absent. */
  lineCache?: string;
}

export type RenderReply = (
  | {
      id: number;
      mp3: Uint8Array;
      duration: number;
      mp3Hq?: Uint8Array;
      lines?: LineTiming[];
      voicedBy?: string;
      voiceCredit?: string | null;
    }
  | { id: number; error: string; provider?: { name: string; kind: ProviderError['kind'] } }
) & {
  /** The settings a voice found wrong in this process (GEMINI_TTS_MODEL), mirrored on /health. */
  problems?: SettingProblem[];
  /** The models that answered this process's calls (GEMINI_TTS_MODEL's modelVersion). */
  models?: ServedModel[];
};

const port = helperPort<RenderJob, RenderReply>('mugen-render');

// The first job should not also pay for loading the dictionary and the voice data; a failure here
// shows up again, with its cause, in that job's reply.
warmOfflineVoice().catch(() => {});

/** One cache per directory, for the life of this process (it keeps the order in which lines were used). */
const caches = new Map<string, SpeechCache>();
function cacheAt(dir: string): SpeechCache {
  let cache = caches.get(dir);
  if (!cache) {
    cache = diskSpeechCache(dir);
    caches.set(dir, cache);
  }
  return cache;
}

// One job at a time: the eSpeak instance is shared; Open JTalk speaks a line's sentences two at a time.
let queue: Promise<void> = Promise.resolve();

port.onJob((job) => {
  queue = queue.then(async () => {
    let reply: RenderReply;
    try {
      if (job.script !== undefined) {
        const { mp3, mp3Hq, duration, lines, voicedBy, voiceCredit } = await renderDialogueToMp3(job.script, {
          speakingRate: job.speakingRate,
          tts: job.tts ? createTts(job.tts) : undefined,
          readings: job.readings,
          cache: job.lineCache ? { store: cacheAt(job.lineCache), voice: voiceIdentity(job.tts) } : undefined,
        });
        reply = { id: job.id, mp3, mp3Hq, duration, lines, voicedBy, voiceCredit };
      } else {
        const { mp3, duration } = await renderSpeechToMp3(job.text ?? '', { speakingRate: job.speakingRate, voice: job.voice });
        reply = { id: job.id, mp3, duration };
      }
    } catch (err) {
      // A provider's failure keeps its kind across the process (a quota is told to the member as such).
      const provider = err instanceof ProviderError ? { name: err.provider, kind: err.kind } : undefined;
      reply = { id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err), provider };
    }
    port.reply({ ...reply, problems: settingProblems(), models: servedModels() });
  });
});
