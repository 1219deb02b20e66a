import { describe, expect, it } from 'vitest';
import { readCounted, readInteger, readNumber } from './numbers';

describe('readInteger', () => {
  it.each([
    ['0', 'ゼロ'],
    ['7', 'ナナ'],
    ['10', 'ジュー'],
    ['25', 'ニジューゴ'],
    ['300', 'サンビャク'],
    ['600', 'ロッピャク'],
    ['800', 'ハッピャク'],
    ['1000', 'セン'],
    ['3000', 'サンゼン'],
    ['8000', 'ハッセン'],
    ['2024', 'ニセンニジューヨン'],
    ['10000', 'イチマン'],
    ['120000000', 'イチオクニセンマン'],
    ['1000000000000', 'イッチョー'],
  ])('%s → %s', (digits, kana) => expect(readInteger(digits)).toBe(kana));

  it('reads codes with a leading zero digit by digit', () => {
    expect(readInteger('090')).toBe('ゼロキューゼロ');
  });
});

describe('readNumber and readCounted', () => {
  it('reads decimals', () => expect(readNumber('3.14')).toBe('サンテンイチヨン'));

  it.each([
    ['2024', '年', 'ニセンニジューヨネン'],
    ['4', '月', 'シガツ'],
    ['9', '月', 'クガツ'],
    ['3', '日', 'ミッカ'],
    ['20', '日', 'ハツカ'],
    ['31', '日', 'サンジューイチニチ'],
    ['7', '時', 'シチジ'],
    ['1', '分', 'イップン'],
    ['10', '分', 'ジュップン'],
    ['3', '分', 'サンプン'],
    ['5', '分', 'ゴフン'],
    ['1', '人', 'ヒトリ'],
    ['4', '人', 'ヨニン'],
    ['20', '歳', 'ハタチ'],
    ['8', '歳', 'ハッサイ'],
    ['6', '回', 'ロッカイ'],
    ['3.5', '%', 'サンテンゴパーセント'],
    ['1', '兆', 'イッチョー'],
  ])('%s%s → %s', (n, counter, kana) => expect(readCounted(n, counter)).toBe(kana));

  it('reads 一日中 as イチニチ, not the date', () => expect(readCounted('1', '日', '中')).toBe('イチニチ'));

  it('leaves unknown counters and decimal dates to the caller', () => {
    expect(readCounted('3', '羽')).toBeNull();
    expect(readCounted('1.5', '日')).toBeNull();
  });
});
