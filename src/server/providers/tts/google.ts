import { z } from 'zod';
import type { HostName } from '../../../shared/constants';
import { parseWav } from '../audio/wav';
import { providerError, providerFetch, readBody } from '../errors';
import { substituteReadings } from '../japanese/dictionary';
import { joinAtMatchedLoudness, splitForSpeech } from './split';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';

export interface GoogleTtsSettings {
  provider: 'google';
  apiKey: string;
  /** https://texttospeech.googleapis.com, or a stand-in. */
  baseUrl: string;
  /** Voice names of ハルカ and ケンタ (ja-JP). */
  voices: Record<HostName, string>;
  timeoutMs: number;
}

const Answer = z.object({ audioContent: z.string().min(1) });
const SAMPLE_RATE = 24_000;
/** `input.text` is at most 5,000 bytes (cloud.google.com/text-to-speech/quotas, content limits). */
export const GOOGLE_TTS_MAX_BYTES = 5000;
/**
 * Neural2 and other voices refuse a very long sentence ("This request contains sentences that are too
 * long"; Google names no figure, refusals are reported from about 300 bytes of Latin text): a sentence
 * over this is cut at its commas.
 */
export const GOOGLE_TTS_MAX_SENTENCE_BYTES = 300;

/**
 * Cloud Text-to-Speech `POST /v1/text:synthesize` with LINEAR16 at 24 kHz, the key in the
 * `x-goog-api-key` header (never the URL, which proxies log): the answer's audioContent is a base64
 * WAVE file. A line longer than a request may hold is asked in pieces at sentence boundaries (long
 * sentences at their commas) and joined at matched loudness.
 */
export function googleTts(s: GoogleTtsSettings): TtsProvider {
  const base = s.baseUrl.replace(/\/+$/, '');
  return {
    name: 'google',
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const pieces = splitForSpeech(substituteReadings(req.text, req.readings ?? []), {
        maxBytes: GOOGLE_TTS_MAX_BYTES,
        maxSentenceBytes: GOOGLE_TTS_MAX_SENTENCE_BYTES,
      });
      const audio: PcmAudio[] = [];
      for (const text of pieces.length ? pieces : [substituteReadings(req.text, req.readings ?? [])]) audio.push(await piece(text, req));
      return joinAtMatchedLoudness(audio);
    },
  };

  async function piece(text: string, req: SpeechRequest): Promise<PcmAudio> {
    const url = new URL(`${base}/v1/text:synthesize`);
    const res = await providerFetch(
      'google',
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': s.apiKey },
        body: JSON.stringify({
          input: { text },
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
  }
}
