import { beforeAll, describe, expect, it } from 'vitest';
import { tidy, toKana } from './kana';
import { loadTokenizer } from './tokenizer';

const KANJI = /\p{Script=Han}/u;
const HIRAGANA = /[\u3041-\u3096]/;

describe('toKana', () => {
  beforeAll(async () => {
    await loadTokenizer();
  });

  it('reads the topic particle は as ワ and leaves no kanji', async () => {
    const kana = await toKana('今日は良い天気です');
    expect(kana).toBe('キョーワヨイテンキデス');
    expect(kana).not.toMatch(KANJI);
  });

  it('reads the direction particle へ as エ', async () => {
    expect(await toKana('東京へ行きます。')).toBe('トーキョーエイキマス。');
  });

  it('turns hiragana into katakana', async () => {
    expect(await toKana('ありがとう')).not.toMatch(HIRAGANA);
  });

  it('keeps sentence and clause pauses and turns line breaks into a full stop', async () => {
    expect(await toKana('はい、そうです！本当？\n次へ')).toBe('ハイ、ソーデス！ホントー？ツギエ');
  });

  it('reads numbers with their counters', async () => {
    expect(await toKana('2024年12月3日に1,000人が3.5%増えた')).toBe(
      'ニセンニジューヨネンジューニガツミッカニセンニンガサンテンゴパーセントフエタ',
    );
  });

  it('folds full-width digits and letters first', async () => {
    expect(await toKana('１２３円')).toBe('ヒャクニジューサンエン');
    expect(await toKana('Ｍｕｇｅｎ')).toBe('Mugen');
  });

  it('reads short capitals as Japanese letter names and keeps other Latin words for the English voice', async () => {
    expect(await toKana('AIがYouTubeで話す')).toBe('エーアイガ YouTube デハナス');
    expect(await toKana("don't stop")).toBe("don't stop");
  });

  it('drops brackets, emoji and other marks eSpeak would name aloud', async () => {
    const kana = await toKana('「無限」※注意♪😀ジョン・スミス');
    expect(kana).toBe('ムゲンチューイジョン スミス');
  });

  it('reads hyphenated numbers digit by digit', async () => {
    expect(await toKana('090-1234')).toBe('ゼロキューゼロ、イチニサンヨン');
  });

  it('has no kanji left in a long mixed paragraph', async () => {
    const kana = await toKana('鬱々とした躑躅の季節、霞ヶ関の官僚は3ヶ月ぶりに東京都千代田区で会議を開いた。（笑）');
    expect(kana).not.toMatch(KANJI);
    expect(kana).not.toMatch(/[ヶヵ（）]/);
  });
});

describe('tidy', () => {
  it('collapses runs of pauses into the strongest one and drops a stray long-vowel mark', () => {
    expect(tidy('。、アー、、イ。？！ ー ウ')).toBe('アー、イ？ウ');
  });
});
