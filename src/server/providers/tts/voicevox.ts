import { z } from 'zod';
import { parseWav } from '../audio/wav';
import { ProviderError, providerError, providerFetch, readBody } from '../errors';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';
import { voicevoxUserDictionary } from './voicevox-dictionary';

export interface VoicevoxSettings {
  provider: 'voicevox';
  /** The engine's base URL, e.g. http://127.0.0.1:50021 */
  url: string;
  /** Speaker (style) ids of ハルカ and ケンタ. */
  speakers: { ハルカ: number; ケンタ: number };
  timeoutMs: number;
}

/** The part of the engine's AudioQuery this provider reads and sets; the rest goes back as it came. */
const AudioQuerySchema = z.looseObject({
  speedScale: z.number(),
  outputSamplingRate: z.number().int().positive(),
  outputStereo: z.boolean(),
});

/**
 * VOICEVOX ENGINE (https://github.com/VOICEVOX/voicevox_engine): `POST /audio_query?text=&speaker=`
 * answers the AudioQuery (accents, pitch, speedScale), `POST /synthesis?speaker=` with it answers a
 * WAVE file. The speaking rate is the query's speedScale; each host is one speaker id.
 */
export function voicevoxTts(s: VoicevoxSettings): TtsProvider {
  const base = s.url.replace(/\/+$/, '');
  const dictionary = voicevoxUserDictionary(base, s.timeoutMs);
  return {
    name: 'voicevox',
    useReadings: (entries) => dictionary.sync(entries),
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const speaker = String(req.host === 'ケンタ' ? s.speakers.ケンタ : s.speakers.ハルカ);
      const queryUrl = new URL(`${base}/audio_query`);
      queryUrl.searchParams.set('text', req.text);
      queryUrl.searchParams.set('speaker', speaker);
      const queryRes = await providerFetch('voicevox', queryUrl, { method: 'POST' }, s.timeoutMs);
      const parsed = AudioQuerySchema.safeParse(await readBody('voicevox', queryRes, 'json'));
      if (!parsed.success) throw providerError('voicevox', 'malformed', 'audio_query answered no AudioQuery');
      const query = { ...parsed.data, speedScale: clampSpeakingRate(req.speakingRate), outputStereo: false };
      const synthUrl = new URL(`${base}/synthesis`);
      synthUrl.searchParams.set('speaker', speaker);
      const wavRes = await providerFetch(
        'voicevox',
        synthUrl,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'audio/wav' }, body: JSON.stringify(query) },
        s.timeoutMs,
      );
      const wav = (await readBody('voicevox', wavRes, 'bytes')) as Buffer;
      try {
        return parseWav(wav);
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw providerError('voicevox', 'malformed', `synthesis answered no 16-bit WAVE (${(err as Error).message})`);
      }
    },
  };
}
