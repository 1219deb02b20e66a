import { z } from 'zod';
import { providerError, providerFetch, readBody } from '../errors';
import type { ReadingEntry } from '../japanese/dictionary';

/**
 * The operator's reading dictionary in a VOICEVOX engine's user dictionary (issue 25.3, issue 29.5),
 * through the engine's API (voicevox_engine, app/routers/user_dict.py):
 *   GET    /user_dict                    → { [uuid]: UserDictWord } (surface as the engine stores it)
 *   POST   /user_dict_word?surface=&pronunciation=&accent_type=   → the new word's uuid
 *   PUT    /user_dict_word/{uuid}?surface=&pronunciation=&accent_type=   → 204
 *   DELETE /user_dict_word/{uuid}        → 204
 * The engine stores a surface with ASCII turned full-width (its UserDictWord validator), and takes a
 * pronunciation of katakana only ([ァ-ヴー]+), the form the dictionary's rule already keeps. accent_type
 * is required: 0 (flat) is sent, the engine's pitch model still shapes the sentence around the word.
 *
 * Mugen owns the engine's user dictionary (decision 0029): a word there that is not in Mugen's
 * dictionary is removed, so an entry the operator deletes stops being read that way. Point Mugen at an
 * engine of its own, or add words through the console.
 */
const UserDict = z.record(z.string(), z.looseObject({ surface: z.string(), pronunciation: z.string(), accent_type: z.number().int() }));

/** What the engine does to a surface: ASCII ! .. ~ to their full-width forms. */
export const engineSurface = (surface: string) => surface.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

export function voicevoxUserDictionary(base: string, timeoutMs: number) {
  const call = async (method: string, path: string, params: Record<string, string> = {}) => {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return providerFetch('voicevox', url, { method }, timeoutMs);
  };
  const wordParams = (e: ReadingEntry) => ({ surface: e.surface, pronunciation: e.reading, accent_type: '0' });

  return {
    /** Makes the engine's user dictionary hold exactly these entries (one GET when it already does). */
    async sync(entries: readonly ReadingEntry[]): Promise<void> {
      const res = await call('GET', '/user_dict');
      const parsed = UserDict.safeParse(await readBody('voicevox', res, 'json'));
      if (!parsed.success) throw providerError('voicevox', 'malformed', 'user_dict answered no dictionary');
      const wanted = new Map(entries.map((e) => [engineSurface(e.surface), e]));
      const kept = new Set<string>();
      for (const [uuid, word] of Object.entries(parsed.data)) {
        const entry = wanted.get(word.surface);
        if (!entry || kept.has(word.surface)) {
          await call('DELETE', `/user_dict_word/${encodeURIComponent(uuid)}`);
          continue;
        }
        kept.add(word.surface);
        if (word.pronunciation !== entry.reading) await call('PUT', `/user_dict_word/${encodeURIComponent(uuid)}`, wordParams(entry));
      }
      for (const [surface, entry] of wanted) if (!kept.has(surface)) await call('POST', '/user_dict_word', wordParams(entry));
    },
  };
}
