// Spoken lines kept on disk (issue 37.4), so a script is spoken again only where it changed: a member's
// edit of a reviewed script, a reading the operator fixed. Each line's speech (trimmed, before the
// track's loudness is set) is kept under a hash of everything that shapes its sound: the text, the host's
// voice, the speaking rate, the voice provider and its settings, and the dictionary's entries whose word
// is in the line, so a reading fixed re-speaks only the lines with that word. The render helper keeps
// them in DATA_DIR/cache/lines across jobs, 16-bit mono at the voice's rate, the least recently used
// removed beyond LINE_CACHE_MAX_BYTES. Several processes (the server, `npm run worker`) may share it:
// a file is written whole under another name and renamed, and a file gone or damaged is a miss.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LINE_CACHE_DIR, LINE_CACHE_MAX_BYTES } from '../../../shared/constants';
import type { ReadingEntry } from '../japanese/dictionary';
import type { TtsSettings } from '../tts/index';

/**
 * Part of every key: raised when what is kept changes, or when a voice's own code changes how it sounds
 * (Open JTalk's host settings), so that no line spoken the old way is reused.
 */
const FORMAT = 1;
const MAGIC = 'MGS1';
const NAME = /^[0-9a-f]{64}\.pcm$/;
/** A half-written file older than this was left by a process that ended while writing it. */
const STALE_TMP_MS = 10 * 60_000;
/** Settings that do not change the sound: never part of a key (nor, hashed, on disk). */
const NOT_THE_SOUND = new Set(['apiKey', 'timeoutMs', 'retryDelaysMs']);

/** Speech as kept: the samples and what goes back with them (a line's reading, a dialogue's turns). */
export interface CachedSpeech {
  samples: Int16Array;
  sampleRate: number;
  meta: Record<string, unknown>;
}

export interface SpeechCache {
  /** The speech kept under this key; undefined when there is none (or it could not be read). */
  get(key: string): Promise<CachedSpeech | undefined>;
  /** Keeps it; a failure to write leaves the cache as it was (the render does not fail for it). */
  put(key: string, speech: CachedSpeech): Promise<void>;
}

/** Where a render keeps its lines, and the voice it speaks with as far as it shapes the sound. */
export interface LineCache {
  store: SpeechCache;
  /** voiceIdentity of the voice's settings. */
  voice: string;
}

export const lineCacheDir = (dataDir: string) => path.join(dataDir, LINE_CACHE_DIR);

/** JSON with the keys of every object sorted, so the same settings always give the same text. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The voice's settings without its credentials and deadlines (the offline voice when none). */
export function voiceIdentity(settings: TtsSettings | undefined): string {
  const entries = Object.entries(settings ?? { provider: 'offline' }).filter(([k]) => !NOT_THE_SOUND.has(k));
  return stable(Object.fromEntries(entries));
}

/** The key of a piece of speech: a SHA-256 of its parts (and of how the samples are kept). */
export function speechKey(...parts: unknown[]): string {
  return createHash('sha256')
    .update(stable([FORMAT, os.endianness(), ...parts]))
    .digest('hex');
}

/**
 * The dictionary's entries whose word is in any of these texts (NFKC, as the voices match them), the
 * last of a word winning as it does there, in a fixed order: what of the dictionary a line's sound depends on.
 */
export function entriesIn(texts: readonly string[], entries: readonly ReadingEntry[]): [string, string][] {
  const bySurface = new Map<string, string>();
  for (const e of entries) {
    const surface = e.surface.normalize('NFKC');
    if (surface) bySurface.set(surface, e.reading);
  }
  const normal = texts.map((t) => t.normalize('NFKC'));
  return [...bySurface].filter(([surface]) => normal.some((t) => t.includes(surface))).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The speech kept under `key`, else `make`'s, kept for next time. */
export async function remembered(store: SpeechCache | undefined, key: string, make: () => Promise<CachedSpeech>): Promise<CachedSpeech> {
  const kept = await store?.get(key);
  if (kept) return kept;
  const made = await make();
  await store?.put(key, made);
  return made;
}

function encode({ samples, sampleRate, meta }: CachedSpeech): Buffer {
  const header = Buffer.from(JSON.stringify({ sampleRate, length: samples.length, meta }));
  const head = Buffer.alloc(8);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(header.length, 4);
  return Buffer.concat([head, header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

function decode(buf: Buffer): CachedSpeech | undefined {
  if (buf.length < 8 || buf.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const start = 8 + buf.readUInt32LE(4);
  if (start > buf.length) return undefined;
  let header: { sampleRate?: unknown; length?: unknown; meta?: unknown };
  try {
    header = JSON.parse(buf.toString('utf8', 8, start));
  } catch {
    return undefined;
  }
  const { sampleRate, length, meta } = header;
  if (typeof sampleRate !== 'number' || !Number.isInteger(sampleRate) || sampleRate <= 0) return undefined;
  if (length !== (buf.length - start) / 2 || !meta || typeof meta !== 'object') return undefined;
  const samples = new Int16Array(length);
  new Uint8Array(samples.buffer).set(buf.subarray(start));
  return { samples, sampleRate, meta: meta as Record<string, unknown> };
}

/**
 * The cache in `dir`, at most `maxBytes`. What is there is listed on first use (oldest use first, by
 * modification time, which a read renews); this process then keeps the order of use itself.
 */
export function diskSpeechCache(dir: string, maxBytes: number = LINE_CACHE_MAX_BYTES): SpeechCache {
  /** Key → size in bytes, least recently used first. */
  let index: Promise<Map<string, number>> | undefined;
  let total = 0;
  const file = (key: string) => path.join(dir, `${key}.pcm`);

  const forget = (kept: Map<string, number>, key: string) => {
    total -= kept.get(key) ?? 0;
    kept.delete(key);
  };
  const use = (kept: Map<string, number>, key: string, size: number) => {
    forget(kept, key);
    kept.set(key, size);
    total += size;
  };
  const evict = async (kept: Map<string, number>) => {
    for (const key of kept.keys()) {
      if (total <= maxBytes) return;
      forget(kept, key);
      await fs.rm(file(key), { force: true }).catch(() => {});
    }
  };

  async function scan(): Promise<Map<string, number>> {
    const kept = new Map<string, number>();
    try {
      await fs.mkdir(dir, { recursive: true });
      const found: { key: string; size: number; mtime: number }[] = [];
      for (const name of await fs.readdir(dir)) {
        const st = await fs.stat(path.join(dir, name)).catch(() => undefined);
        if (!st?.isFile()) continue;
        if (NAME.test(name)) found.push({ key: name.slice(0, 64), size: st.size, mtime: st.mtimeMs });
        else if (Date.now() - st.mtimeMs > STALE_TMP_MS) await fs.rm(path.join(dir, name), { force: true }).catch(() => {});
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const f of found) use(kept, f.key, f.size);
      await evict(kept);
    } catch {
      // Not readable or writable here: every line is a miss, and the render goes on without.
    }
    return kept;
  }

  const listed = () => {
    index ??= scan();
    return index;
  };

  return {
    async get(key) {
      const kept = await listed();
      const buf = await fs.readFile(file(key)).catch(() => undefined);
      const speech = buf && decode(buf);
      if (!buf || !speech) {
        forget(kept, key);
        if (buf) await fs.rm(file(key), { force: true }).catch(() => {});
        return undefined;
      }
      use(kept, key, buf.length);
      const now = new Date();
      await fs.utimes(file(key), now, now).catch(() => {});
      return speech;
    },
    async put(key, speech) {
      const bytes = encode(speech);
      if (bytes.length > maxBytes) return;
      const kept = await listed();
      const tmp = path.join(dir, `${key}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, file(key));
      } catch {
        await fs.rm(tmp, { force: true }).catch(() => {});
        return;
      }
      use(kept, key, bytes.length);
      await evict(kept);
    },
  };
}
