import { describe, expect, it } from 'vitest';
import { canonicalCategory, categoryAliases, categoryNames, splitCategories } from './categories';

describe('category aliases', () => {
  it('maps 政治・社会 ⇄ 社会・政治 and ビジネス ⇄ ビジネス戦略 both ways', () => {
    expect(categoryAliases('政治・社会')).toEqual(['政治・社会', '社会・政治']);
    expect(categoryAliases('社会・政治')).toEqual(['社会・政治', '政治・社会']);
    expect(categoryAliases('ビジネス')).toEqual(['ビジネス', 'ビジネス戦略']);
    expect(categoryAliases('ビジネス戦略')).toEqual(['ビジネス戦略', 'ビジネス']);
    expect(categoryAliases('科学')).toEqual(['科学']);
  });
  it('splits a comma-separated category string', () => {
    expect(splitCategories('科学, 歴史,,')).toEqual(['科学', '歴史']);
    expect(splitCategories(null)).toEqual([]);
  });
  it('shows an alias by the canonical name of its group, the create page suggestion (one list of names, #20)', () => {
    expect(canonicalCategory('社会・政治')).toBe('政治・社会');
    expect(canonicalCategory('政治・社会')).toBe('政治・社会');
    expect(canonicalCategory('ビジネス戦略')).toBe('ビジネス');
    expect(canonicalCategory('俳句')).toBe('俳句');
    expect(categoryNames('ビジネス戦略, ビジネス, 科学')).toEqual(['ビジネス', '科学']);
    expect(categoryNames(null)).toEqual([]);
  });
});
