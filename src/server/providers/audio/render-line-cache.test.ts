import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LINE_CACHE_DIR } from '../../../shared/constants';
import { createTestApp, insertUser, sessionCookie } from '../../test/app';
import { diskSpeechCache } from './line-cache';
import { closeRenderProcess, renderDialogueInWorker } from './render-process';

// Issue 37.4 through the render helper: the directory it is given keeps one file per line spoken, and a
// script edited later is spoken again only in its changed line, in this helper or the next one started.
// The kept lines are swapped for a 2-second tone read 「テスト」, so a line reused shows it.
let dir = '';
afterAll(async () => {
  await closeRenderProcess();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const LINES = ['ハルカ：今日は雨ですね。', 'ケンタ：傘を忘れました。', 'ハルカ：駅で買えますよ。'];

describe('#37.4 the render helper keeps the lines it speaks', { timeout: 120_000 }, () => {
  it('#37.4 an edited script adds only its changed line to the cache, across helper processes', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-render-lines-'));
    const first = await renderDialogueInWorker(LINES.join('\n'), { lineCache: dir });
    expect(first.lines.map((l) => l.text)).toEqual(['今日は雨ですね。', '傘を忘れました。', '駅で買えますよ。']);
    expect(await fs.readdir(dir)).toHaveLength(3);
    await closeRenderProcess();
    const store = diskSpeechCache(dir);
    for (const name of await fs.readdir(dir)) {
      const key = name.replace(/\.pcm$/, '');
      const kept = await store.get(key);
      const sampleRate = kept?.sampleRate ?? 0;
      await store.put(key, { samples: new Int16Array(2 * sampleRate).fill(8000), sampleRate, meta: { reading: 'テスト' } });
    }
    const edited = [LINES[0], 'ケンタ：傘を持ってきました。', LINES[2]].join('\n');
    const second = await renderDialogueInWorker(edited, { lineCache: dir });
    expect(second.lines.map((l) => l.text)).toEqual(['今日は雨ですね。', '傘を持ってきました。', '駅で買えますよ。']);
    expect([second.lines[0].reading, second.lines[2].reading]).toEqual(['テスト', 'テスト']);
    // The changed line is the voice's own (its reading depends on the engine installed: Open JTalk or eSpeak NG).
    expect(second.lines[1].reading).not.toBe('テスト');
    for (const i of [0, 2]) expect(Math.abs(second.lines[i].endMs - second.lines[i].startMs - 2000)).toBeLessThanOrEqual(1);
    expect(await fs.readdir(dir)).toHaveLength(4);
    // Without a directory nothing is kept.
    await renderDialogueInWorker('ハルカ：晴れてきました。');
    expect(await fs.readdir(dir)).toHaveLength(4);
  });

  it("#37.4 a member's preview keeps its lines under DATA_DIR, and an edited script's preview adds only its changed line", async () => {
    const t = await createTestApp();
    try {
      const cookie = await sessionCookie(t.db, { userId: (await insertUser(t.db)).id });
      const preview = (script: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/generate-audio-preview',
          headers: { cookie },
          payload: { script, title: '雨', speakingRate: 1 },
        });
      const kept = () => fs.readdir(path.join(t.config.dataDir, LINE_CACHE_DIR));
      expect((await preview(LINES.slice(0, 2).join('\n'))).statusCode).toBe(200);
      expect(await kept()).toHaveLength(2);
      expect((await preview([LINES[0], 'ケンタ：傘はあります。'].join('\n'))).statusCode).toBe(200);
      expect(await kept()).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
