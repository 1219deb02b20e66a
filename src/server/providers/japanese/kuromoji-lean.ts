import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createGunzip } from 'node:zlib';

// kuromoji's dictionary, held in fewer pages (issue 37.6): the dictionary's helper held 300 MB, and on a
// small server it runs beside the web process. Same bytes, same answers: only how they are held changes.

const require = createRequire(import.meta.url);

/** A memory page: the unit the kernel makes resident when it is first written. */
const PAGE = 4096;
const ZEROS = new Uint8Array(PAGE);

/**
 * A gzip'd dictionary file as one ArrayBuffer of its full length, unzipped in pieces (no second copy of
 * the file) and with only the pages that are not all zeros written: a fresh ArrayBuffer's pages are the
 * kernel's zero pages until written, and a third of the dictionary's 100 MB is zeros (the unknown-word
 * files are 10 MB arrays with under 2 kB used, the word files end in megabytes of zeros).
 */
export function readSparse(file: string, done: (err: Error | null, data?: ArrayBuffer) => void): void {
  let gz: Buffer;
  try {
    gz = readFileSync(file);
  } catch (err) {
    done(err as Error);
    return;
  }
  // gzip's trailer: the unzipped length (mod 2^32; every file here is under 64 MB).
  const out = new Uint8Array(gz.readUInt32LE(gz.length - 4));
  let at = 0;
  let failed = false;
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  gunzip.on('data', (chunk: Buffer) => {
    if (at + chunk.length > out.length) {
      failed = true;
      gunzip.destroy(new Error(`${file} is longer than its gzip trailer says`));
      return;
    }
    for (let i = 0; i < chunk.length; i += PAGE) {
      const piece = chunk.subarray(i, Math.min(i + PAGE, chunk.length));
      if (Buffer.compare(piece, ZEROS.subarray(0, piece.length)) !== 0) out.set(piece, at + i);
    }
    at += chunk.length;
  });
  gunzip.on('error', (err) => {
    failed = true;
    done(err);
  });
  gunzip.on('end', () => {
    if (failed) return;
    if (at !== out.length) done(new Error(`${file} is shorter than its gzip trailer says`));
    else done(null, out.buffer);
  });
  gunzip.end(gz);
}

/** What kuromoji's search asks of the map: the word entries (token info ids) of a trie id, if any. */
export type TargetMap = Record<number, ArrayLike<number> | undefined>;

/**
 * tid_map.dat (a count of keys, then for each key its id, the count of its values and the values, as
 * little-endian 32-bit integers) as kuromoji reads it, without making it into objects. kuromoji makes an
 * object of 326,000 arrays of one or two numbers: 62 MB of heap. Read in place, the file's 4 MB and an
 * index of 1.5 MB answer the same lookups (`map[trieId]` → its entries, undefined for a key without).
 */
export function targetMapOf(data: Uint8Array): TargetMap {
  if (data.byteOffset % 4 !== 0) data = data.slice();
  const ints = new Int32Array(data.buffer, data.byteOffset, Math.floor(data.byteLength / 4));
  // Where each key's count is in `ints`, +1 (0: the key has no entries).
  let maxKey = 0;
  for (let i = 1; i + 1 < ints.length; i += 2 + ints[i + 1]) maxKey = Math.max(maxKey, ints[i]);
  const at = new Int32Array(maxKey + 1);
  for (let i = 1; i + 1 < ints.length; i += 2 + ints[i + 1]) {
    // kuromoji appends the values of a key given twice; the files have each key once (checked in the test).
    if (ints[i + 1] > 0) at[ints[i]] = i + 2;
  }
  return new Proxy({} as TargetMap, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      const id = Number(key);
      if (!Number.isInteger(id) || id < 0 || id > maxKey || at[id] === 0) return undefined;
      const count = at[id] - 1;
      return ints.subarray(count + 1, count + 1 + ints[count]);
    },
  });
}

/**
 * Makes kuromoji load its dictionary with readSparse and keep its word map with targetMapOf until the
 * answered function is called (when the dictionary is built): kuromoji's own ways stay for anyone else.
 */
export function leanDictionaryLoading(): () => void {
  const loader = require('kuromoji/src/loader/NodeDictionaryLoader.js') as {
    prototype: { loadArrayBuffer: typeof readSparse };
  };
  const dictionary = require('kuromoji/src/dict/TokenInfoDictionary.js') as {
    prototype: { loadTargetMap(this: { target_map: TargetMap }, data: Uint8Array): unknown };
  };
  const own = { load: loader.prototype.loadArrayBuffer, map: dictionary.prototype.loadTargetMap };
  loader.prototype.loadArrayBuffer = readSparse;
  dictionary.prototype.loadTargetMap = function loadTargetMap(data) {
    this.target_map = targetMapOf(data);
    return this;
  };
  return () => {
    loader.prototype.loadArrayBuffer = own.load;
    dictionary.prototype.loadTargetMap = own.map;
  };
}
