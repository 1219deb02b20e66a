import { describe, expect, it } from 'vitest';
import { categoryTabs, resultCountLabel, searchParamsFor, selectedCategoryTab } from './search';

describe('categoryTabs', () => {
  it('folds aliases into their canonical name, the one chips show (L-2.10-02, L-2.10-03, #20)', () => {
    expect(categoryTabs(['ニュース', '社会・政治', '政治・社会', 'ビジネス戦略', 'ビジネス'], null)).toEqual([
      'ニュース',
      '政治・社会',
      'ビジネス',
    ]);
  });

  it('selects the canonical tab of a category from the address, first when no track has it yet (L-2.1-06)', () => {
    expect(categoryTabs(['ニュース', '政治・社会'], '社会・政治')).toEqual(['ニュース', '政治・社会']);
    expect(categoryTabs(['ニュース', '政治・社会'], 'ニュース')).toEqual(['ニュース', '政治・社会']);
    expect(categoryTabs(['ニュース'], 'ビジネス戦略')).toEqual(['ビジネス', 'ニュース']);
    expect(categoryTabs(['ニュース'], '俳句')).toEqual(['俳句', 'ニュース']);
  });
});

describe('selectedCategoryTab', () => {
  it('is おすすめ only without a keyword; keyword results select no tab; a category selects its canonical tab (#20)', () => {
    expect(selectedCategoryTab('', null, 'rec')).toBe('rec');
    expect(selectedCategoryTab(' ', null, 'rec')).toBe('rec');
    expect(selectedCategoryTab('温泉', null, 'rec')).toBeNull();
    expect(selectedCategoryTab('温泉', '社会・政治', 'rec')).toBe('政治・社会');
    expect(selectedCategoryTab('', 'ニュース', 'rec')).toBe('ニュース');
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
