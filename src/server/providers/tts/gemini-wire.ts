import { z } from 'zod';
import { HOST_NAMES, type HostName } from '../../../shared/constants';
import { parseWav } from '../audio/wav';
import { providerError, readBodyAs } from '../errors';
import type { DialogueTurn, PcmAudio } from './types';

// The Gemini API's speech generation (generateContent with responseModalities ["AUDIO"]), as Google
// documents it at ai.google.dev/gemini-api/docs/speech-generation and in the migration guide to the
// Gemini 3.8 TTS models: two speakers at most, each named in `multiSpeakerVoiceConfig` as in the text.

export const GEMINI_API_URL = 'https://generativelanguage.googleapis.com';
/**
 * Generally available on Google's list (ai.google.dev/gemini-api/docs/models) and the model Google
 * recommends for multi-speaker dialogue; the 2.5 and 3.1 preview TTS models shut down on 18 December 2026
 * (decision 0042).
 */
export const DEFAULT_GEMINI_TTS_MODEL = 'gemini-3.8-flash-tts';
/** Prebuilt voices: Zephyr (bright) for ハルカ, Charon (informative) for ケンタ. */
export const DEFAULT_GEMINI_TTS_VOICES = 'Zephyr,Charon';

/**
 * The Gemini 3.8 TTS models (and later) read `text` verbatim: a turn is a part of its own with its
 * speaker and its delivery in `speechMetadata`, and they refuse temperature, topP and topK. Earlier
 * models take the dialogue as one text, each turn opened by its speaker's name, the delivery written before it.
 */
export function takesTurnParts(model: string): boolean {
  const m = /gemini-(\d+)\.(\d+)/.exec(model);
  if (!m) return true;
  const major = Number(m[1]);
  return major > 3 || (major === 3 && Number(m[2]) >= 8);
}

const voice = (voiceName: string) => ({ prebuiltVoiceConfig: { voiceName } });

/**
 * The request for these turns: both hosts in `multiSpeakerVoiceConfig` (exactly the two names the text
 * uses), or one host's voice alone when only one of them speaks in this call.
 */
export function speechRequest(opts: {
  model: string;
  turns: readonly DialogueTurn[];
  voices: Record<HostName, string>;
  /** The delivery: the pace in words. */
  style: string;
}) {
  const hosts = [...new Set(opts.turns.map((t) => t.host))];
  const speechConfig =
    hosts.length === 2
      ? {
          multiSpeakerVoiceConfig: {
            speakerVoiceConfigs: HOST_NAMES.map((host) => ({ speaker: host, voiceConfig: voice(opts.voices[host]) })),
          },
        }
      : { voiceConfig: voice(opts.voices[hosts[0] ?? HOST_NAMES[0]]) };
  const parts = takesTurnParts(opts.model)
    ? opts.turns.map((t) => ({
        text: t.text,
        speechMetadata: hosts.length === 2 ? { speaker: t.host, style: opts.style } : { style: opts.style },
      }))
    : [
        {
          text: `${opts.style}\n\n${opts.turns.map((t) => (hosts.length === 2 ? `${t.host}: ${t.text}` : t.text)).join('\n')}`,
        },
      ];
  return { contents: [{ role: 'user', parts }], generationConfig: { responseModalities: ['AUDIO'], speechConfig } };
}

const Answer = z.object({
  candidates: z
    .array(
      z.object({
        finishReason: z.string().optional(),
        content: z
          .object({ parts: z.array(z.object({ inlineData: z.object({ mimeType: z.string(), data: z.string() }).optional() })).optional() })
          .optional(),
      }),
    )
    .min(1),
});

/** Little-endian 16-bit samples. */
function pcm16(bytes: Buffer, sampleRate: number): PcmAudio {
  const samples = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return { samples, sampleRate };
}

/**
 * The audio of an answer: `inlineData` of raw 16-bit PCM (`audio/L16;codec=pcm;rate=24000`, what the
 * Gemini API answers) or a WAVE file (`audio/wav`, what the 3.8 models answer a unary call on Google
 * Cloud), several parts joined. An answer cut at the output limit (MAX_TOKENS) or with no audio is malformed.
 */
export function audioOfAnswer(body: unknown): PcmAudio {
  const parsed = Answer.safeParse(body);
  if (!parsed.success) throw providerError('gemini', 'malformed', 'no candidates in the answer');
  const [candidate] = parsed.data.candidates;
  if (candidate.finishReason && candidate.finishReason !== 'STOP')
    throw providerError('gemini', 'malformed', `the audio ended with ${candidate.finishReason}`);
  const pieces: PcmAudio[] = [];
  for (const part of candidate.content?.parts ?? []) {
    if (!part.inlineData) continue;
    const { mimeType, data } = part.inlineData;
    const bytes = Buffer.from(data, 'base64');
    if (/^audio\/(l16|pcm)\b/i.test(mimeType)) {
      if (bytes.length % 2 !== 0) throw providerError('gemini', 'malformed', 'odd PCM length');
      pieces.push(pcm16(bytes, Number(/rate=(\d+)/i.exec(mimeType)?.[1] ?? 24_000)));
    } else if (/^audio\/(x-)?wav/i.test(mimeType)) {
      try {
        pieces.push(parseWav(bytes));
      } catch (err) {
        throw providerError('gemini', 'malformed', `inlineData is no 16-bit WAVE (${(err as Error).message})`);
      }
    } else throw providerError('gemini', 'malformed', `unexpected audio ${mimeType}`);
  }
  if (!pieces.length || pieces.every((p) => p.samples.length === 0)) throw providerError('gemini', 'malformed', 'no audio in the answer');
  const samples = new Int16Array(pieces.reduce((n, p) => n + p.samples.length, 0));
  let at = 0;
  for (const p of pieces) {
    samples.set(p.samples, at);
    at += p.samples.length;
  }
  return { samples, sampleRate: pieces[0].sampleRate };
}

/** The details of a Google error body, as far as retryAfterMs reads them. */
const GoogleErrorDetails = z.object({
  error: z.object({ details: z.array(z.object({ '@type': z.string().optional(), retryDelay: z.string().optional() })).optional() }),
});

/**
 * How long Google asks to wait before a retry, in ms: the `Retry-After` header (seconds or a date), else
 * the `RetryInfo.retryDelay` ("37s") of the error body; null when it says nothing.
 */
export function retryAfterMs(header: string | null, body: string, now = Date.now()): number | null {
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  // Not JSON, or not Google's shape: no advice.
  const details = readBodyAs(body, GoogleErrorDetails)?.error.details ?? [];
  const delay = details.find((d) => /RetryInfo$/.test(d['@type'] ?? ''))?.retryDelay;
  const s = delay ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
  return s ? Math.round(Number(s[1]) * 1000) : null;
}
