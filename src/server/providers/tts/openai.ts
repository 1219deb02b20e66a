import type { HostName } from '../../../shared/constants';
import { timeStretch } from '../audio/stretch';
import { providerError, providerFetch, readBody } from '../errors';
import { substituteReadings } from '../japanese/dictionary';
import { joinAtMatchedLoudness, splitForSpeech } from './split';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';

export interface OpenAiTtsSettings {
  provider: 'openai';
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Voices of ハルカ and ケンタ. */
  voices: Record<HostName, string>;
  timeoutMs: number;
}

/** `response_format: pcm` is raw 24 kHz 16-bit little-endian mono. */
const SAMPLE_RATE = 24_000;

/**
 * `input` is at most 4,096 characters (the createSpeech reference; longer is 400
 * string_above_max_length). Pieces are cut by UTF-8 bytes, so a piece of this many bytes is within the
 * limit whatever its script (about 1,365 characters of Japanese).
 */
export const OPENAI_TTS_MAX_CHARS = 4096;

/** tts-1 and tts-1-hd follow `speed` and refuse `instructions`; gpt-4o-mini-tts takes instructions and ignores speed. */
export const followsSpeed = (model: string) => /^tts-1(-hd)?$/.test(model.replace(/^.*\//, ''));

/** The delivery asked of an instructable voice: the pace in words (the exact rate comes from time-stretching). */
export function paceInstructions(rate: number): string {
  const pace =
    rate >= 1.3
      ? 'テンポよく速めに'
      : rate > 1.05
        ? 'やや速めに'
        : rate <= 0.75
          ? 'ゆっくり落ち着いて'
          : rate < 0.95
            ? 'やや ゆっくりめに'
            : '自然な速さで';
  return `日本語のラジオ番組のパーソナリティとして、明るく自然な会話の口調で、${pace}話してください。`;
}

/**
 * The OpenAI-compatible `POST {base}/audio/speech`, asked for raw PCM. tts-1 and tts-1-hd take the
 * speaking rate as `speed`. gpt-4o-mini-tts (the default) ignores `speed` (measured: rate 1.6 gave
 * 12.7 s against 13.4 s at 1.0), so it is asked for the pace in `instructions` and the answer is
 * time-stretched to the rate here, in the render worker: the rate changes the duration on every model.
 */
export function openAiTts(s: OpenAiTtsSettings): TtsProvider {
  const base = s.baseUrl.replace(/\/+$/, '');
  return {
    name: 'openai',
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const rate = clampSpeakingRate(req.speakingRate);
      const text = substituteReadings(req.text, req.readings ?? []);
      // A line longer than `input` may hold is asked in pieces at sentence ends, joined at matched loudness.
      const pieces = splitForSpeech(text, { maxBytes: OPENAI_TTS_MAX_CHARS, maxSentenceBytes: OPENAI_TTS_MAX_CHARS });
      const audio: PcmAudio[] = [];
      for (const input of pieces.length ? pieces : [text]) audio.push(await piece(input, req.host, rate));
      const pcm = joinAtMatchedLoudness(audio);
      return followsSpeed(s.model) ? pcm : timeStretch(pcm, rate);
    },
  };

  async function piece(input: string, host: SpeechRequest['host'], rate: number): Promise<PcmAudio> {
    const speed = followsSpeed(s.model);
    const res = await providerFetch(
      'openai',
      new URL(`${base}/audio/speech`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
        body: JSON.stringify({
          model: s.model,
          voice: host === 'ケンタ' ? s.voices.ケンタ : s.voices.ハルカ,
          input,
          response_format: 'pcm',
          ...(speed ? { speed: rate } : { instructions: paceInstructions(rate) }),
        }),
      },
      s.timeoutMs,
    );
    const type = res.headers.get('content-type') ?? '';
    const bytes = (await readBody('openai', res, 'bytes')) as Buffer;
    if (/json|text/.test(type) || bytes.length < 2 || bytes.length % 2 !== 0)
      throw providerError('openai', 'malformed', 'the answer is not 16-bit PCM');
    const samples = new Int16Array(bytes.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
    return { samples, sampleRate: SAMPLE_RATE };
  }
}
