import { afterAll, describe, expect, it } from 'vitest';
import { closeReadingThread, readInThread } from './reading-thread';
import { readingOf } from './readings';

afterAll(() => closeReadingThread());

describe('#27.2 #27.3 the reading dictionary lives in its own thread', () => {
  it('#27.2 reads kanji without loading the dictionary (about 280 MB) on the calling thread', async () => {
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    const before = held();
    expect(await readingOf('温泉旅行')).toBe('おんせんりょこう');
    expect(await readInThread(['東京', '昆布とかつお節'])).toEqual(['トウキョウ', 'コンブトカツオブシ']);
    // Loaded on this thread, the dictionary adds about 270 MB here (77 MB of heap, 194 MB of buffers).
    expect(held() - before).toBeLessThan(60 * 1024 * 1024);
  });

  it('#27.2 the thread ended (its dictionary freed), the next reading starts another', async () => {
    await closeReadingThread();
    expect(await readingOf('温泉')).toBe('おんせん');
    expect(await readingOf('オンセン')).toBe('おんせん');
  });
});
