import type { Readable } from 'node:stream';
import type { StorageProvider } from '../providers/storage/types';

/**
 * How much audio one instance keeps in memory, and the largest file it keeps (issue 41.6): the demo's
 * tracks (about 1.5 MB each) and a few hundred listeners' current tracks fit; a long upload is read
 * from storage each time as before.
 */
const BUDGET_BYTES = 32 * 1024 * 1024;
const LARGEST_BYTES = 8 * 1024 * 1024;

interface Held {
  etag: string;
  /** null while the file is being read. */
  bytes: Buffer | null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The bytes of the audio files being listened to, held in memory so a player's range requests cost no
 * open, read and close of the file (three trips through libuv's thread pool each) nor a stream: a range
 * is a slice of the held buffer. A file is read once, on its first request (which is answered from
 * storage as before); it is held under the validator it was read for (`etag`, size and time of the
 * stored object), so new audio under the same key is read again as soon as the stream's metadata sees
 * it (stream-cache.ts hears every change, from other instances too). Least recently used goes first
 * once the budget is full.
 */
export function createAudioBytes(storage: Pick<StorageProvider, 'read'>, limits = { budget: BUDGET_BYTES, largest: LARGEST_BYTES }) {
  const held = new Map<string, Held>();
  let total = 0;

  const forget = (key: string) => {
    const entry = held.get(key);
    if (!entry) return;
    total -= entry.bytes?.length ?? 0;
    held.delete(key);
  };

  async function load(key: string, entry: Held, size: number) {
    try {
      const bytes = await readAll(await storage.read(key));
      // Changed or forgotten meanwhile, or not the size its validator names: not kept.
      if (held.get(key) !== entry || bytes.length !== size) {
        if (held.get(key) === entry) held.delete(key);
        return;
      }
      entry.bytes = bytes;
      total += bytes.length;
      held.delete(key);
      held.set(key, entry);
      for (const oldest of held.keys()) {
        if (total <= limits.budget) break;
        forget(oldest);
      }
    } catch {
      if (held.get(key) === entry) held.delete(key);
    }
  }

  return {
    /**
     * The stored object's bytes when held for this `etag`; otherwise null (answer from storage), and a
     * file small enough starts being read for the next request.
     */
    get(key: string, etag: string, size: number): Buffer | null {
      const entry = held.get(key);
      if (entry?.etag === etag) {
        if (entry.bytes) {
          held.delete(key);
          held.set(key, entry);
        }
        return entry.bytes;
      }
      forget(key);
      if (size > 0 && size <= limits.largest && size <= limits.budget) {
        const loading: Held = { etag, bytes: null };
        held.set(key, loading);
        void load(key, loading, size);
      }
      return null;
    },
    /** For tests and /metrics-style checks: the bytes held now. */
    get heldBytes() {
      return total;
    },
  };
}

export type AudioBytes = ReturnType<typeof createAudioBytes>;
