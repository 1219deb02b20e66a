import { describe, expect, it } from 'vitest';
import { categoryTabs, resultCountLabel, searchParamsFor } from './search';

describe('categoryTabs', () => {
  it('folds aliases into the first of their names (L-2.10-02, L-2.10-03)', () => {
    expect(categoryTabs(['ニュース', '政治・社会', '社会・政治', 'ビジネス戦略', 'ビジネス'], null)).toEqual([
      'ニュース',
      '政治・社会',
      'ビジネス戦略',
    ]);
  });

  it('gives the selected category a tab of its own name, replacing its alias or first when unknown (L-2.1-06)', () => {
    expect(categoryTabs(['ニュース', '政治・社会'], '社会・政治')).toEqual(['ニュース', '社会・政治']);
    expect(categoryTabs(['ニュース', '政治・社会'], 'ニュース')).toEqual(['ニュース', '政治・社会']);
    expect(categoryTabs(['ニュース'], '俳句')).toEqual(['俳句', 'ニュース']);
  });
});

describe('searchParamsFor', () => {
  it('keeps only what is set, trimmed', () => {
    expect(searchParamsFor('  天気 ', null).toString()).toBe(`search=${encodeURIComponent('天気')}`);
    expect(searchParamsFor('', 'ニュース').toString()).toBe(`category=${encodeURIComponent('ニュース')}`);
    expect(searchParamsFor(' ', '').toString()).toBe('');
  });
});

describe('resultCountLabel', () => {
  it('reads in Japanese, with 以上 when the count was capped', () => {
    expect(resultCountLabel(3)).toBe('3件');
    expect(resultCountLabel(1000, true)).toBe('1,000件以上');
  });
});
