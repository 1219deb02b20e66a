import { providerError, providerFetch, readBody } from '../errors';
import { substituteReadings } from '../japanese/dictionary';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';

export interface OpenAiTtsSettings {
  provider: 'openai';
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Voices of ハルカ and ケンタ. */
  voices: { ハルカ: string; ケンタ: string };
  timeoutMs: number;
}

/** `response_format: pcm` is raw 24 kHz 16-bit little-endian mono. */
const SAMPLE_RATE = 24_000;

/** The OpenAI-compatible `POST {base}/audio/speech`, asked for raw PCM. */
export function openAiTts(s: OpenAiTtsSettings): TtsProvider {
  const base = s.baseUrl.replace(/\/+$/, '');
  return {
    name: 'openai',
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const res = await providerFetch(
        'openai',
        new URL(`${base}/audio/speech`),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
          body: JSON.stringify({
            model: s.model,
            voice: req.host === 'ケンタ' ? s.voices.ケンタ : s.voices.ハルカ,
            input: substituteReadings(req.text, req.readings ?? []),
            response_format: 'pcm',
            speed: clampSpeakingRate(req.speakingRate),
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
    },
  };
}
