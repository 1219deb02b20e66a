import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from '../providers/storage/local';
import { createAudioBytes } from './audio-bytes';

// Issue 41.6: the files being listened to are answered from memory, under the validator they were read for.
let dir: string;
let storage: ReturnType<typeof createLocalStorage>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-audio-bytes-'));
  storage = createLocalStorage(dir);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const bytesOf = (n: number, fill: number) => Buffer.alloc(n, fill);

describe('held audio bytes (#41.6)', () => {
  it('answers storage on the first request, then the held bytes without reading storage again', async () => {
    await storage.put('audio/a.mp3', bytesOf(1000, 1));
    const read = vi.spyOn(storage, 'read');
    const held = createAudioBytes(storage);
    expect(held.get('audio/a.mp3', '"e1"', 1000)).toBe(null);
    await expect.poll(() => held.get('audio/a.mp3', '"e1"', 1000)?.equals(bytesOf(1000, 1))).toBe(true);
    expect(held.heldBytes).toBe(1000);
    held.get('audio/a.mp3', '"e1"', 1000);
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });

  it('reads new audio under the same key again as soon as its validator changes', async () => {
    await storage.put('audio/b.mp3', bytesOf(500, 2));
    const held = createAudioBytes(storage);
    held.get('audio/b.mp3', '"old"', 500);
    await expect.poll(() => held.get('audio/b.mp3', '"old"', 500)?.[0]).toBe(2);
    await storage.put('audio/b.mp3', bytesOf(700, 3));
    expect(held.get('audio/b.mp3', '"new"', 700)).toBe(null);
    expect(held.heldBytes).toBe(0);
    await expect.poll(() => held.get('audio/b.mp3', '"new"', 700)?.[0]).toBe(3);
    expect(held.heldBytes).toBe(700);
  });

  it('keeps nothing that is not the size its validator names (the file changed while it was read)', async () => {
    await storage.put('audio/c.mp3', bytesOf(300, 4));
    const read = vi.spyOn(storage, 'read');
    const held = createAudioBytes(storage);
    // Each request finds nothing held, and once the read is refused the next one reads again.
    await expect
      .poll(() => {
        expect(held.get('audio/c.mp3', '"e"', 301)).toBe(null);
        return read.mock.calls.length;
      })
      .toBe(2);
    expect(held.heldBytes).toBe(0);
    read.mockRestore();
  });

  it('holds at most its budget, least recently used out first, and never a file over the largest size', async () => {
    for (const name of ['d', 'e', 'f']) await storage.put(`audio/${name}.mp3`, bytesOf(400, 5));
    await storage.put('audio/big.mp3', bytesOf(2000, 6));
    const read = vi.spyOn(storage, 'read');
    const held = createAudioBytes(storage, { budget: 1000, largest: 1000 });
    const warm = async (name: string) => {
      held.get(`audio/${name}.mp3`, '"x"', 400);
      await expect.poll(() => held.get(`audio/${name}.mp3`, '"x"', 400)?.length).toBe(400);
    };
    await warm('d');
    await warm('e');
    held.get('audio/d.mp3', '"x"', 400); // d used after e: e is the least recently used
    await warm('f');
    expect(held.heldBytes).toBe(800);
    expect(held.get('audio/e.mp3', '"x"', 400)).toBe(null);
    expect(held.get('audio/big.mp3', '"x"', 2000)).toBe(null);
    expect(read.mock.calls.map(([key]) => key)).toEqual(['audio/d.mp3', 'audio/e.mp3', 'audio/f.mp3', 'audio/e.mp3']);
    read.mockRestore();
  });
});
