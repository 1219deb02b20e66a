import { describe, expect, it } from 'vitest';
import { categoryAliases, splitCategories } from './categories';

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
});
