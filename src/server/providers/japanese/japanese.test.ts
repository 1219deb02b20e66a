import { beforeAll, describe, expect, it } from 'vitest';
import { speakDialogue } from '../audio/dialogue';
import type { SpeechRequest, TtsProvider } from '../tts/types';
import { canonical, contentWords, loadTokenizer, splitByReadings, substituteReadings, toKana } from './index';

// Issue 25.3 and 25.4: the one Japanese module: the dictionary applied first, base forms and synonyms.

beforeAll(async () => {
  await loadTokenizer();
});

const DICT = [
  { surface: '無限', reading: 'ムゲン' },
  { surface: '無限大', reading: 'ムゲンダイ' },
  { surface: '生粋', reading: 'キッスイ' },
];

describe('#25.3 the reading dictionary', () => {
  it('#25.3 cuts a text at its words, the longest first', () => {
    expect(splitByReadings('無限大と無限。', DICT)).toEqual([
      { text: '無限大', reading: 'ムゲンダイ' },
      { text: 'と' },
      { text: '無限', reading: 'ムゲン' },
      { text: '。' },
    ]);
    expect(splitByReadings('ほかの文', DICT)).toEqual([{ text: 'ほかの文' }]);
    expect(splitByReadings('ほかの文', [])).toEqual([{ text: 'ほかの文' }]);
  });

  it('#25.3 the offline voice reads the operator’s reading first, the rest as kuromoji reads it', async () => {
    expect(await toKana('今日は御朱印帳の話です。')).toBe('キョーワゴシュインチョーノハナシデス。');
    expect(await toKana('今日は御朱印帳の話です。', [{ surface: '御朱印帳', reading: 'ゴシュインチョウ' }])).toBe(
      'キョーワゴシュインチョウノハナシデス。',
    );
    // Numbers keep their counters around an entry.
    expect(await toKana('生粋の3人', DICT)).toBe('キッスイノサンニン');
  });

  it('#25.3 the cloud voices get the katakana in place of the word, the rest untouched', () => {
    expect(substituteReadings('無限大の話をする生粋の人', DICT)).toBe('ムゲンダイの話をするキッスイの人');
    expect(substituteReadings('そのまま', [])).toBe('そのまま');
  });

  it('#25.3 the dialogue hands the dictionary to each line, and once to a voice with a dictionary of its own', async () => {
    const seen: SpeechRequest[] = [];
    const registered: unknown[] = [];
    const tts: TtsProvider = {
      name: 'fake',
      async synthesize(req) {
        seen.push(req);
        return { samples: new Int16Array(2205).fill(8000), sampleRate: 22_050 };
      },
      async registerReadings(entries) {
        registered.push(entries);
      },
    };
    await speakDialogue('ハルカ：無限です。\nケンタ：生粋です。', { tts, readings: DICT });
    expect(seen.map((r) => r.readings)).toEqual([DICT, DICT]);
    expect(registered).toEqual([DICT]);
  });
});

describe('#25.4 base forms and synonyms', () => {
  it('#25.4 reads a question as the base forms of its content words, in their synonym groups', async () => {
    expect(await contentWords('解約したいのですが、どうすればいいですか？')).toEqual(['解約']);
    expect(await contentWords('電波のないところでも聴ける')).toEqual(['オフライン', '聞く']);
    expect(await contentWords('パスワードを忘れました')).toEqual(['パスワード', '忘れる']);
    expect(await contentWords('招待コードがない')).toEqual(['招待', 'コード', '招待コード']);
  });

  it('#25.4 a word outside the table is itself', () => {
    expect(canonical('退会')).toBe('解約');
    expect(canonical('Safari')).toBe('ブラウザ');
    expect(canonical('銭湯')).toBe('銭湯');
  });
});
