import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESPEAK_SAMPLE_RATE, EspeakTtsProvider, planSegments } from './espeak';

function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

describe('planSegments', () => {
  it('gives Latin words to the English voice and keeps each pause where the text was split', () => {
    expect(planSegments('キョーワ YouTube デ、ミマス。アシタモ。')).toEqual([
      { text: 'キョーワ', lang: 'ja', pauseAfter: 0 },
      { text: 'YouTube', lang: 'en', pauseAfter: 0 },
      { text: 'デ、ミマス。アシタモ。', lang: 'ja', pauseAfter: 0 },
    ]);
    expect(planSegments('Hello world、 ハイ')).toEqual([
      { text: 'Hello world', lang: 'en', pauseAfter: 0.3 },
      { text: 'ハイ', lang: 'ja', pauseAfter: 0 },
    ]);
  });

  it('cuts a long script into chunks at sentence ends', () => {
    const sentence = 'キョーワヨイテンキデス。';
    const segments = planSegments(sentence.repeat(100));
    expect(segments.length).toBeGreaterThan(2);
    for (const s of segments) expect(s.text.length).toBeLessThanOrEqual(400);
    expect(segments.slice(0, -1).every((s) => s.text.endsWith('。') && s.pauseAfter > 0)).toBe(true);
    expect(segments.map((s) => s.text).join('')).toBe(sentence.repeat(100));
  });
});

describe('EspeakTtsProvider', () => {
  const tts = new EspeakTtsProvider();
  beforeAll(() => tts.warmUp());
  afterAll(() => tts.close());

  it('speaks a kanji sentence as audible 22,050 Hz PCM of a plausible length', async () => {
    const { samples, sampleRate } = await tts.synthesize({ text: '今日は良い天気です。' });
    expect(sampleRate).toBe(ESPEAK_SAMPLE_RATE);
    const seconds = samples.length / sampleRate;
    // キョーワヨイテンキデス: eleven morae, about 1.5 s at eSpeak's pace; "Chinese letter" ×2 would be far longer.
    expect(seconds).toBeGreaterThan(0.8);
    expect(seconds).toBeLessThan(3);
    expect(rms(samples)).toBeGreaterThan(1000);
  });

  it('speaks faster at a higher speaking rate', async () => {
    const text = 'ラジオの時間です。';
    const normal = await tts.synthesize({ text });
    const fast = await tts.synthesize({ text, speakingRate: 2 });
    const slow = await tts.synthesize({ text, speakingRate: 0.5 });
    expect(fast.samples.length).toBeLessThan(normal.samples.length * 0.7);
    expect(slow.samples.length).toBeGreaterThan(normal.samples.length * 1.5);
  });

  it('reads a 2,000-character script to the end', async () => {
    const paragraph = '今日のニュースをお伝えします。東京では朝から雨が降り、気温は12度まで下がりました。';
    const text = paragraph.repeat(Math.ceil(2000 / paragraph.length));
    const short = await tts.synthesize({ text: paragraph });
    const long = await tts.synthesize({ text });
    // Each repetition costs the paragraph itself plus at most one sentence pause after it.
    const perParagraph = long.samples.length / ESPEAK_SAMPLE_RATE / (text.length / paragraph.length);
    const alone = short.samples.length / ESPEAK_SAMPLE_RATE;
    expect(perParagraph).toBeGreaterThan(alone * 0.95);
    expect(perParagraph).toBeLessThan(alone + 0.6);
    // The end is speech too, not silence from a synthesis that stopped early.
    expect(rms(long.samples.subarray(-ESPEAK_SAMPLE_RATE * 3))).toBeGreaterThan(500);
  });

  it('rejects a voice eSpeak does not have', async () => {
    await expect(tts.synthesize({ text: 'テスト', voice: 'xx-nonexistent' })).rejects.toThrow(/no voice/);
  });

  it('accepts a voice variant for a second host', async () => {
    const { samples } = await tts.synthesize({ text: 'こんにちは', voice: 'ja+f3' });
    expect(rms(samples)).toBeGreaterThan(1000);
  });
});
