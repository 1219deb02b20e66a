import { z } from 'zod';
import type { HostName } from '../../../shared/constants';
import { parseWav } from '../audio/wav';
import { ProviderError, providerError, providerFetch, readBody } from '../errors';
import { splitForSpeech } from './split';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';
import { voicevoxUserDictionary } from './voicevox-dictionary';

export interface VoicevoxSettings {
  provider: 'voicevox';
  /** The engine's base URL, e.g. http://127.0.0.1:50021 */
  url: string;
  /** Speaker (style) ids of ハルカ and ケンタ. */
  speakers: Record<HostName, number>;
  timeoutMs: number;
}

/** The part of the engine's AudioQuery this provider reads and sets; the rest goes back as it came. */
const AudioQuerySchema = z.looseObject({
  speedScale: z.number(),
  outputSamplingRate: z.number().int().positive(),
  outputStereo: z.boolean(),
});

/**
 * The characters of the engine's standard style ids, for the credit when `/speakers` cannot be read
 * (VOICEVOX ENGINE's bundled voices; the engine's own `/speakers` answer is preferred).
 */
const KNOWN_CHARACTERS: Record<number, string> = {
  0: '四国めたん',
  1: 'ずんだもん',
  2: '四国めたん',
  3: 'ずんだもん',
  4: '四国めたん',
  5: 'ずんだもん',
  6: '四国めたん',
  7: 'ずんだもん',
  8: '春日部つむぎ',
  9: '波音リツ',
  10: '雨晴はう',
  11: '玄野武宏',
  12: '白上虎太郎',
  13: '青山龍星',
  14: '冥鳴ひまり',
  16: '九州そら',
};

/** `GET /speakers`: each character with its styles (ids). */
const SpeakersSchema = z.array(z.looseObject({ name: z.string(), styles: z.array(z.looseObject({ id: z.number() })) }));

/** A sentence's text travels in the query string: a sentence longer than this is cut at its commas. */
const MAX_SENTENCE_BYTES = 600;

/**
 * VOICEVOX ENGINE (https://github.com/VOICEVOX/voicevox_engine): `POST /audio_query?text=&speaker=`
 * answers the AudioQuery (accents, pitch, speedScale), `POST /synthesis?speaker=` with it answers a
 * WAVE file. The speaking rate is the query's speedScale; each host is one speaker id. The text
 * travels in the query string, so each request carries one sentence (long ones cut at commas) and the
 * sentences' audio is joined. The credit names the configured speakers' characters
 * (「VOICEVOX:四国めたん」), as their terms require wherever the audio is published.
 */
export function voicevoxTts(s: VoicevoxSettings): TtsProvider {
  const base = s.url.replace(/\/+$/, '');
  const dictionary = voicevoxUserDictionary(base, s.timeoutMs);
  let credit: Promise<string> | null = null;

  async function characters(): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    try {
      const res = await providerFetch('voicevox', new URL(`${base}/speakers`), { method: 'GET' }, s.timeoutMs);
      const parsed = SpeakersSchema.safeParse(await readBody('voicevox', res, 'json'));
      if (parsed.success) for (const c of parsed.data) for (const st of c.styles) names.set(st.id, c.name);
    } catch {
      // the bundled names below
    }
    return names;
  }

  return {
    name: 'voicevox',
    registerReadings: (entries) => dictionary.sync(entries),
    credit() {
      credit ??= characters().then((names) => {
        const ids = [s.speakers.ハルカ, s.speakers.ケンタ];
        const credited = [...new Set(ids.map((id) => names.get(id) ?? KNOWN_CHARACTERS[id] ?? null))];
        return credited.map((name) => (name ? `VOICEVOX:${name}` : 'VOICEVOX')).join('、');
      });
      return credit;
    },
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const sentences = splitForSpeech(req.text, { maxBytes: MAX_SENTENCE_BYTES, maxSentenceBytes: MAX_SENTENCE_BYTES, oneSentence: true });
      if (sentences.length <= 1) return sentence({ ...req, text: sentences[0] ?? req.text });
      const parts: PcmAudio[] = [];
      for (const text of sentences) parts.push(await sentence({ ...req, text }));
      const out = new Int16Array(parts.reduce((n, p) => n + p.samples.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p.samples, at);
        at += p.samples.length;
      }
      return { samples: out, sampleRate: parts[0].sampleRate };
    },
  };

  async function sentence(req: SpeechRequest): Promise<PcmAudio> {
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
  }
}
