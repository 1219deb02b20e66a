import { afterAll, describe, expect, it } from 'vitest';
import { offlineVoice } from '../tts/index';
import { parseFrameHeader } from './mp3-duration';
import { closeRenderProcess, renderDialogueInWorker, renderInWorker } from './render-process';

afterAll(() => closeRenderProcess());

const PARAGRAPH =
  'みなさん、こんにちは。無限ラジオの時間です。今日は、人工知能と音楽の関係について、少し掘り下げてお話ししたいと思います。' +
  'ここ数年で、AIが作曲を手伝うサービスが次々と登場しました。2024年には、世界中で1,000万人以上がそうしたツールを使ったという調査もあります。' +
  'ただ、便利になった一方で、著作権や創作の意味について考える人も増えています。';

// The worker loads the voice and the dictionary first: seconds on a quiet machine, over 30 s at a load of 20.
describe('renderInWorker', { timeout: 120_000 }, () => {
  it('renders Japanese text to MP3 in a worker while the event loop keeps ticking', async () => {
    let ticks = 0;
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    try {
      const { mp3, duration } = await renderInWorker(PARAGRAPH);
      // Open JTalk speaks at 24 kHz, eSpeak NG (where Open JTalk is not installed) at 22,050 Hz.
      expect(parseFrameHeader(mp3, 0)).toMatchObject({
        sampleRate: offlineVoice().name === 'open-jtalk' ? 24_000 : 22_050,
        bitrate: 64_000,
      });
      expect(duration).toBeGreaterThan(15);
      expect(duration).toBeLessThan(60);
      // A block just before the answer would only show in the tick after it.
      await new Promise((resolve) => setTimeout(resolve, 30));
    } finally {
      clearInterval(timer);
    }
    // On this thread the same job blocks it for 2 s warm and 4 s cold (measured); the margin is for a
    // busy 2-core machine running other test files, where ticks alone stall for up to 0.4 s.
    expect(maxGap).toBeLessThan(1000);
    expect(ticks).toBeGreaterThan((performance.now() - started) / 10 / 4);
  });

  it('reuses the worker for sequential jobs and applies the speaking rate', async () => {
    const text = 'ラジオの時間です。';
    const normal = await renderInWorker(text);
    const fast = await renderInWorker(text, { speakingRate: 2 });
    expect(fast.duration).toBeLessThan(normal.duration * 0.75);
  });

  it('reports a failed job and keeps serving the next one', async () => {
    // A VOICEVOX engine nobody listens for: the provider's failure crosses the process with its kind.
    const tts = { provider: 'voicevox', url: 'http://127.0.0.1:9', speakers: { ハルカ: 2, ケンタ: 13 }, timeoutMs: 2000 } as const;
    await expect(renderDialogueInWorker('ハルカ：テスト', { tts })).rejects.toMatchObject({ provider: 'voicevox' });
    expect((await renderInWorker('はい。')).duration).toBeGreaterThan(0.2);
  });

  it('rejects jobs still running when the render process closes, and starts afresh afterwards', async () => {
    const outcome = expect(renderInWorker('閉じる前の仕事です。')).rejects.toThrow(/closed/);
    await closeRenderProcess();
    await outcome;
    expect((await renderInWorker('新しい仕事です。')).duration).toBeGreaterThan(0.5);
  });

  it('speaks what a member waits for (the interactive lane) before the tasks queued before it (bulk)', async () => {
    const done: string[] = [];
    const said = (name: string) => () => done.push(name);
    const tasks = ['一つ目', '二つ目', '三つ目'].map((name) => renderDialogueInWorker(`ハルカ：${name}のトラックです。`).then(said(name)));
    const answer = renderDialogueInWorker('ケンタ：質問への答えです。', { lane: 'interactive' }).then(said('answer'));
    await Promise.all([...tasks, answer]);
    // The first was being spoken when the answer came; the answer goes before the others waiting.
    expect(done).toEqual(['一つ目', 'answer', '二つ目', '三つ目']);
  });
});
