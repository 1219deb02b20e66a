import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phrasesOf } from './phrases';

describe('phrasesOf (issue 20: titles read whole)', () => {
  it('never breaks inside かつお節 or 昆布 (BudouX alone gives 昆布とかつ|お節)', () => {
    const phrases = phrasesOf('出汁の基本、昆布とかつお節');
    expect(phrases).toEqual(['出汁の', '基本、', '昆布とかつお節']);
  });

  it('keeps the words of the demo titles whole', () => {
    expect(phrasesOf('太陽光発電のしくみ')).toEqual(['太陽光発電のしくみ']);
    expect(phrasesOf('今日から始める家計簿')).toEqual(['今日から', '始める', '家計簿']);
    expect(phrasesOf('はじめての在宅勤務を快適にするには')).toEqual(['はじめての', '在宅勤務を', '快適にするには']);
    expect(phrasesOf('パスワードを守る基本')).toEqual(['パスワードを', '守る', '基本']);
    expect(phrasesOf('週末に出かけたい、湯けむりの温泉街でのんびり過ごす旅')).toEqual([
      '週末に',
      '出かけたい、',
      '湯けむりの',
      '温泉街でのんびり過ごす旅',
    ]);
  });

  it('breaks after a space or punctuation, and before an opening bracket', () => {
    expect(phrasesOf('AIが話す、終わらないラジオ。')).toEqual(['AIが', '話す、', '終わらない', 'ラジオ。']);
    expect(phrasesOf('Google ログインが設定されていないため')).toEqual(['Google ログインが', '設定されていないため']);
  });

  it('gives the text back whole, whatever it is', () => {
    expect(phrasesOf('')).toEqual([]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(phrasesOf(s).join('')).toBe(s);
      }),
    );
  });
});
