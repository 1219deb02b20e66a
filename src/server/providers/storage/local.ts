import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, isSafeKey } from './keys';
import type { StorageProvider, StoredObject } from './types';

/** Keys are relative paths such as `audio/demo-01.mp3` (see keys.ts); anything else is refused. */
export function createLocalStorage(root: string): StorageProvider {
  const resolve = (key: string) => {
    const full = path.resolve(root, assertSafeKey(key));
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside root: ${key}`);
    return full;
  };
  return {
    location: 'local',
    async stat(key): Promise<StoredObject | null> {
      try {
        const s = await fs.stat(resolve(key));
        return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list(prefix = '') {
      let names: string[];
      try {
        names = (await fs.readdir(root, { recursive: true })).map(String);
      } catch {
        return [];
      }
      const keys: string[] = [];
      for (const name of names) {
        const key = name.split(path.sep).join('/');
        // A write in progress (put's temporary file) is not an object yet.
        if (!key.startsWith(prefix) || key.endsWith('.tmp') || !isSafeKey(key)) continue;
        if ((await fs.stat(path.join(root, name))).isFile()) keys.push(key);
      }
      return keys;
    },
    async move(from, to) {
      const target = resolve(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(resolve(from), target);
    },
  };
}
