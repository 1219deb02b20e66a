import { describe, expect, it } from 'vitest';
import { ScriptText } from '../creation/script-prompt';
import { speechSeconds } from '../creation/writer/speech-length';
import { spokenAim, spokenName, writeSegueScript } from './offline-segue';

const track = (title: string, category: string | null = null) => ({ title, category, gist: '' });
const TITLES = [
  '銭湯の歴史',
  '朝の散歩のすすめ',
  '宇宙の始まり',
  '昆布とかつお節',
  '雨の日の読書',
  '通勤電車の科学',
  '祭りの夜',
  '駅そばの話',
];

describe('offline segue writer (#28.2)', () => {
  it('#28.2: a segue is a two-host script that names the next track, looks back at the last one, and is said in 3 to 10 seconds', () => {
    const script = writeSegueScript({ from: track('銭湯の歴史', '文化'), to: track('宇宙の始まり', '科学'), seconds: 8 });
    expect(ScriptText.safeParse(script).success).toBe(true);
    expect(script).toContain('「宇宙の始まり」');
    expect(script).toContain('「銭湯の歴史」');
    const seconds = speechSeconds(script);
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThanOrEqual(10);
  });

  it('#28.2: segues vary with the pair: not one template line', () => {
    const scripts = new Set<string>();
    const shapes = new Set<string>();
    for (const a of TITLES) {
      for (const b of TITLES) {
        if (a === b) continue;
        const s = writeSegueScript({ from: track(a, '文化'), to: track(b, a.length % 2 ? '文化' : '科学'), seconds: 8 });
        scripts.add(s);
        shapes.add(s.replaceAll(`「${a}」`, 'A').replaceAll(`「${b}」`, 'B'));
      }
    }
    expect(scripts.size).toBe(TITLES.length * (TITLES.length - 1));
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('#28.2: the same theme is said to continue, a new one is named; a long title is named by its theme', () => {
    expect(writeSegueScript({ from: track('駅そばの話', 'グルメ'), to: track('昆布とかつお節', 'グルメ'), seconds: 12 })).toMatch(
      /グルメ|この流れ/,
    );
    expect(spokenName(track('とても長いタイトルがついている番組で二十文字を超えています', '科学'))).toBe('科学の話題');
  });

  it('#28.2: the closing looks back at the last track and says goodbye', () => {
    const script = writeSegueScript({ from: track('祭りの夜', '文化'), to: null, seconds: 8 });
    expect(ScriptText.safeParse(script).success).toBe(true);
    expect(script).toContain('「祭りの夜」');
  });

  it('#40.1: each talk is written for its length: segues of 3-15 s, the opening and the closing of 5-60 s, said within 4 s of it (or quicker, at most 1.6×, when short)', () => {
    const gist = '銭湯は江戸時代に広まりました。町の人が毎日集まる社交の場でした。いまも昔ながらの銭湯が残っています。';
    const kinds = [
      { name: 'segue', range: [3, 15], input: { from: track('銭湯の歴史', '文化'), to: { ...track('宇宙の始まり', '科学'), gist } } },
      { name: 'opening', range: [5, 60], input: { from: null, to: { ...track('銭湯の歴史', '文化'), gist } } },
      { name: 'closing', range: [5, 60], input: { from: { ...track('祭りの夜', '文化'), gist }, to: null } },
    ] as const;
    for (const kind of kinds) {
      for (let seconds = kind.range[0]; seconds <= kind.range[1]; seconds++) {
        const script = writeSegueScript({ ...kind.input, seconds });
        const spoken = speechSeconds(script);
        expect([kind.name, seconds, spoken <= seconds * 1.6 - 0.3]).toEqual([kind.name, seconds, true]);
        if (seconds >= 8)
          expect([kind.name, seconds, spoken >= spokenAim(seconds) - 4 && spoken <= spokenAim(seconds)]).toEqual([
            kind.name,
            seconds,
            true,
          ]);
      }
    }
  });

  it('#40.2: the bridge played when a talk is not made in time names no track and is short', () => {
    const script = writeSegueScript({ from: null, to: null, seconds: 30 });
    expect(script).toMatch(/^ハルカ：[^「」\n]+$/);
    expect(speechSeconds(script)).toBeLessThanOrEqual(4);
  });
});
