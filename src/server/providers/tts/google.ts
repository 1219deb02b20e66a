import { z } from 'zod';
import { parseWav } from '../audio/wav';
import { providerError, providerFetch, readBody } from '../errors';
import { substituteReadings } from '../japanese/dictionary';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';

export interface GoogleTtsSettings {
  provider: 'google';
  apiKey: string;
  /** https://texttospeech.googleapis.com, or a stand-in. */
  baseUrl: string;
  /** Voice names of ハルカ and ケンタ (ja-JP). */
  voices: { ハルカ: string; ケンタ: string };
  timeoutMs: number;
}

const Answer = z.object({ audioContent: z.string().min(1) });
const SAMPLE_RATE = 24_000;

/**
 * Cloud Text-to-Speech `POST /v1/text:synthesize?key=` with LINEAR16 at 24 kHz: the answer's
 * audioContent is a base64 WAVE file.
 */
export function googleTts(s: GoogleTtsSettings): TtsProvider {
  const base = s.baseUrl.replace(/\/+$/, '');
  return {
    name: 'google',
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const url = new URL(`${base}/v1/text:synthesize`);
      url.searchParams.set('key', s.apiKey);
      const res = await providerFetch(
        'google',
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            input: { text: substituteReadings(req.text, req.readings ?? []) },
            voice: { languageCode: 'ja-JP', name: req.host === 'ケンタ' ? s.voices.ケンタ : s.voices.ハルカ },
            audioConfig: { audioEncoding: 'LINEAR16', speakingRate: clampSpeakingRate(req.speakingRate), sampleRateHertz: SAMPLE_RATE },
          }),
        },
        s.timeoutMs,
      );
      const parsed = Answer.safeParse(await readBody('google', res, 'json'));
      if (!parsed.success) throw providerError('google', 'malformed', 'no audioContent');
      try {
        return parseWav(Buffer.from(parsed.data.audioContent, 'base64'));
      } catch (err) {
        throw providerError('google', 'malformed', `audioContent is no 16-bit WAVE (${(err as Error).message})`);
      }
    },
  };
}
