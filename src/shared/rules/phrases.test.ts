import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phrasesOf } from './phrases';

describe('phrasesOf (#20: titles read whole)', () => {
  it('never breaks inside かつお節 or 昆布 (BudouX gives 昆布とかつ|お節)', () => {
    expect(phrasesOf('出汁の基本、昆布とかつお節')).toEqual(['出汁の', '基本、', '昆布とかつお節']);
  });

  it('keeps the words of the demo titles whole (BudouX gives しく|み, 今|日から, は|じめての)', () => {
    expect(phrasesOf('太陽光発電のしくみ')).toEqual(['太陽光発電のしくみ']);
    expect(phrasesOf('今日から始める家計簿')).toEqual(['今日から', '始める', '家計簿']);
    expect(phrasesOf('はじめての在宅勤務を快適にするには')).toEqual(['はじめての', '在宅勤務を', '快適にするには']);
    expect(phrasesOf('パスワードを守る基本')).toEqual(['パスワードを', '守る', '基本']);
    expect(phrasesOf('小さなお店が長く愛されるための三つの工夫')).toEqual(['小さなお店が', '長く', '愛されるための', '三つの', '工夫']);
  });

  it('breaks after a space or punctuation and before an opening bracket, never inside brackets with their particle', () => {
    expect(phrasesOf('AIが話す、終わらないラジオ。')).toEqual(['AIが', '話す、', '終わらない', 'ラジオ。']);
    expect(phrasesOf('Google ログインが設定されていないため')).toEqual(['Google ', 'ログインが', '設定されていないため']);
    expect(phrasesOf('これは「無限」です。次は（仮）の話')).toEqual(['これは', '「無限」です。', '次は', '（仮）の', '話']);
    expect(phrasesOf('はい、そうです。')).toEqual(['はい、', 'そうです。']);
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
