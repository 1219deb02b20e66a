import type http from 'node:http';
import { wavFile } from '../providers/audio/wav';
import { GEMINI_KEY } from './gemini-stand-in';
import { type StandIn, type StandInRequest, sendJson, startStandIn } from './stand-in';

// A stand-in of the Gemini API's speech generation (POST /v1beta/models/{model}:generateContent with
// responseModalities ["AUDIO"]), written from Google's documents: the speech-generation guide
// (ai.google.dev/gemini-api/docs/speech-generation), the TTS model pages (token limits: 8,192 in,
// 16,384 out) and the migration guide to the Gemini 3.8 TTS models (one part per turn with
// speechMetadata.speaker; temperature, topP and topK refused with INVALID_ARGUMENT; prebuiltVoiceConfig
// still names a prebuilt voice). Strict where Google is: the key in `x-goog-api-key` (403), only the TTS
// models on Google's list (404 NOT_FOUND for a retired or unknown one), `multiSpeakerVoiceConfig` with
// exactly two speakers named as in the text, the 30 prebuilt voices, and the token limits (an answer
// past the output limit ends with MAX_TOKENS). The audio is 16-bit PCM at 24 kHz
// (`audio/L16;codec=pcm;rate=24000`, base64), made of tones: each host's own pitch, a short pause
// between sentences and a longer one between turns, so a test can tell where each turn is.
//   429: {"error":{"code":429,"message":"You exceeded your current quota, ...","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"37s"}]}}

export const TTS_MODELS = new Set(['gemini-3.8-flash-tts', 'gemini-3.8-flash-lite-tts', 'gemini-3.1-flash-tts-preview']);
export const PREBUILT_VOICES = new Set(
  'Achernar Achird Algenib Algieba Alnilam Aoede Autonoe Callirrhoe Charon Despina Enceladus Erinome Fenrir Gacrux Iapetus Kore Laomedeia Leda Orus Pulcherrima Puck Rasalgethi Sadachbia Sadaltager Schedar Sulafat Umbriel Vindemiatrix Zephyr Zubenelgenubi'.split(
    ' ',
  ),
);
export const TTS_INPUT_TOKENS = 8192;
export const TTS_OUTPUT_TOKENS = 16_384;
/** Google counts audio at 32 tokens a second; a character of Japanese takes about 0.16 s to say. */
const AUDIO_TOKENS_PER_SECOND = 32;
const SPOKEN_SECONDS_PER_CHAR = 0.16;

export const STAND_IN_RATE = 24_000;
/** The stand-in's own speech, short to keep tests light: seconds a character (ケンタ slower), pauses. */
export const STAND_IN_VOICE = {
  secondsPerChar: { ハルカ: 0.02, ケンタ: 0.035 },
  pitch: { ハルカ: 440, ケンタ: 196 },
  lead: 0.1,
  sentencePause: 0.16,
  turnPause: 0.4,
  tail: 0.2,
} as const;

type Host = 'ハルカ' | 'ケンタ';

export interface TtsStandIn extends StandIn {
  mode: 'ok' | 'hang';
  /** This many next requests answer 429 RESOURCE_EXHAUSTED (with RetryInfo `retryDelaySeconds`). */
  quota: number;
  retryDelaySeconds: number;
  /** Sent as Retry-After with a 429 or 503 when set. */
  retryAfter: string | null;
  /** This many next requests answer 503 UNAVAILABLE (overloaded). */
  overloaded: number;
  /** The answer's audio: raw PCM (the Gemini API's), or a WAVE file. */
  format: 'l16' | 'wav';
  /** For each audio answer, where each turn is in its PCM (samples, end exclusive). */
  layouts: { host: Host; start: number; end: number }[][];
}

const invalid = (res: http.ServerResponse, message: string) =>
  sendJson(res, 400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } });

interface Part {
  text?: string;
  speechMetadata?: { speaker?: string; style?: string };
}
interface SpeechConfig {
  voiceConfig?: { prebuiltVoiceConfig?: { voiceName?: string } };
  multiSpeakerVoiceConfig?: { speakerVoiceConfigs?: { speaker?: string; voiceConfig?: SpeechConfig['voiceConfig'] }[] };
}

/** The turns a request asks to be spoken, or the reason Google would refuse it. */
function turnsOf(model: string, req: StandInRequest): { turns: { host: Host; text: string }[]; chars: number } | string {
  const config = (req.json.generationConfig ?? {}) as Record<string, unknown> & { speechConfig?: SpeechConfig };
  const modalities = config.responseModalities as unknown;
  if (!Array.isArray(modalities) || modalities.length !== 1 || modalities[0] !== 'AUDIO')
    return 'The requested combination of response modalities is not supported by the model.';
  const verbatim = model.startsWith('gemini-3.8');
  if (verbatim && ['temperature', 'topP', 'topK'].some((k) => k in config))
    return 'temperature, topP and topK are not supported by this model.';
  const speech = config.speechConfig ?? {};
  if (!speech.voiceConfig === !speech.multiSpeakerVoiceConfig) return 'Exactly one of voiceConfig or multiSpeakerVoiceConfig must be set.';
  const speakers = speech.multiSpeakerVoiceConfig?.speakerVoiceConfigs;
  if (speakers && (speakers.length !== 2 || new Set(speakers.map((s) => s.speaker)).size !== 2))
    return 'multiSpeakerVoiceConfig must have exactly two speaker_voice_configs with distinct speakers.';
  const voices = speakers
    ? speakers.map((s) => s.voiceConfig?.prebuiltVoiceConfig?.voiceName)
    : [speech.voiceConfig?.prebuiltVoiceConfig?.voiceName];
  if (voices.some((v) => !v || !PREBUILT_VOICES.has(v)))
    return `Voice ${voices.find((v) => !PREBUILT_VOICES.has(v ?? ''))} is not supported.`;
  const names = (speakers ?? []).map((s) => String(s.speaker)) as Host[];
  const parts = ((req.json.contents as { parts?: Part[] }[] | undefined)?.[0]?.parts ?? []) as Part[];
  const chars = parts.reduce((n, p) => n + [...(p.text ?? '')].length + [...(p.speechMetadata?.style ?? '')].length, 0);
  if (chars > TTS_INPUT_TOKENS)
    return `The input token count (${chars}) exceeds the maximum number of tokens allowed (${TTS_INPUT_TOKENS}).`;
  let turns: { host: Host; text: string }[];
  if (verbatim) {
    if (parts.some((p) => !p.text)) return 'Each part must have text.';
    if (speakers && parts.some((p) => !names.includes(p.speechMetadata?.speaker as Host)))
      return 'speechMetadata.speaker must name one of the speakers in multiSpeakerVoiceConfig.';
    turns = parts.map((p) => ({ host: (p.speechMetadata?.speaker as Host) ?? 'ハルカ', text: p.text ?? '' }));
  } else {
    const text = parts.map((p) => p.text ?? '').join('\n');
    const lines = text.split('\n').map((l) => /^([^:：\s]+)[:：]\s*(.*)$/.exec(l));
    turns = speakers
      ? lines.filter((m) => m && names.includes(m[1] as Host)).map((m) => ({ host: m?.[1] as Host, text: m?.[2] ?? '' }))
      : [{ host: 'ハルカ', text: text.split('\n\n').slice(1).join('\n') || text }];
  }
  if (speakers && names.some((n) => !turns.some((t) => t.host === n)))
    return 'Every speaker in multiSpeakerVoiceConfig must speak in the text.';
  return { turns, chars };
}

/** The stand-in's audio for these turns: a tone per sentence at the host's pitch, pauses between. */
function speak(turns: { host: Host; text: string }[]) {
  const v = STAND_IN_VOICE;
  const pieces: { seconds: number; pitch: number }[] = [{ seconds: v.lead, pitch: 0 }];
  const spans: { host: Host; startSec: number; endSec: number }[] = [];
  let at = v.lead;
  for (const [i, turn] of turns.entries()) {
    if (i > 0) {
      pieces.push({ seconds: v.turnPause, pitch: 0 });
      at += v.turnPause;
    }
    const startSec = at;
    const sentences = turn.text.match(/[^。！？!?]+[。！？!?]*/g) ?? [turn.text];
    for (const [j, sentence] of sentences.entries()) {
      if (j > 0) {
        pieces.push({ seconds: v.sentencePause, pitch: 0 });
        at += v.sentencePause;
      }
      const seconds = Math.max(0.1, [...sentence].length * v.secondsPerChar[turn.host]);
      pieces.push({ seconds, pitch: v.pitch[turn.host] });
      at += seconds;
    }
    spans.push({ host: turn.host, startSec, endSec: at });
  }
  pieces.push({ seconds: v.tail, pitch: 0 });
  const sample = (s: number) => Math.round(s * STAND_IN_RATE);
  const samples = new Int16Array(sample(at + v.tail));
  let t = 0;
  for (const p of pieces) {
    const from = sample(t);
    const to = sample(t + p.seconds);
    for (let i = from; p.pitch && i < to; i++)
      samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * p.pitch * (i - from)) / STAND_IN_RATE));
    t += p.seconds;
  }
  return { samples, layout: spans.map((s) => ({ host: s.host, start: sample(s.startSec), end: sample(s.endSec) })) };
}

/** The Gemini API's speech generation on a local port. */
export async function startGeminiTtsStandIn(): Promise<TtsStandIn> {
  let self: TtsStandIn | undefined;
  const api = await startStandIn((req, res) => {
    const knobs = self as TtsStandIn;
    if (knobs.mode === 'hang') return;
    if (req.headers['x-goog-api-key'] !== GEMINI_KEY)
      return sendJson(res, 403, {
        error: { code: 403, message: "Method doesn't allow unregistered callers", status: 'PERMISSION_DENIED' },
      });
    const model = /^\/v1beta\/models\/([^:]+):generateContent$/.exec(req.url.pathname)?.[1] ?? '';
    if (!TTS_MODELS.has(model)) {
      const message = `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`;
      return sendJson(res, 404, { error: { code: 404, message, status: 'NOT_FOUND' } });
    }
    const headers = knobs.retryAfter ? { 'retry-after': knobs.retryAfter } : {};
    if (knobs.quota > 0) {
      knobs.quota--;
      return res.writeHead(429, { 'content-type': 'application/json', ...headers }).end(
        JSON.stringify({
          error: {
            code: 429,
            message: 'You exceeded your current quota, please check your plan and billing details.',
            status: 'RESOURCE_EXHAUSTED',
            details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${knobs.retryDelaySeconds}s` }],
          },
        }),
      );
    }
    if (knobs.overloaded > 0) {
      knobs.overloaded--;
      return res
        .writeHead(503, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify({ error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } }));
    }
    const asked = turnsOf(model, req);
    if (typeof asked === 'string') return invalid(res, asked);
    const spoken = speak(asked.turns);
    const spokenChars = asked.turns.reduce((n, t) => n + [...t.text].length, 0);
    const tokens = Math.round(spokenChars * SPOKEN_SECONDS_PER_CHAR * AUDIO_TOKENS_PER_SECOND);
    // Past the output limit the audio stops where the limit falls.
    const cut = tokens > TTS_OUTPUT_TOKENS ? Math.floor((spoken.samples.length * TTS_OUTPUT_TOKENS) / tokens) : spoken.samples.length;
    const samples = spoken.samples.subarray(0, cut);
    knobs.layouts.push(spoken.layout);
    const data =
      knobs.format === 'wav' ? wavFile(samples, STAND_IN_RATE) : Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    sendJson(res, 200, {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              {
                inlineData: {
                  mimeType: knobs.format === 'wav' ? 'audio/wav' : `audio/L16;codec=pcm;rate=${STAND_IN_RATE}`,
                  data: data.toString('base64'),
                },
              },
            ],
          },
          finishReason: tokens > TTS_OUTPUT_TOKENS ? 'MAX_TOKENS' : 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: asked.chars, candidatesTokenCount: Math.min(tokens, TTS_OUTPUT_TOKENS) },
      modelVersion: model,
    });
  });
  self = Object.assign(api, {
    mode: 'ok' as const,
    quota: 0,
    retryDelaySeconds: 0,
    retryAfter: null,
    overloaded: 0,
    format: 'l16' as const,
    layouts: [],
  }) as TtsStandIn;
  return self;
}
