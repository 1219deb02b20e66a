import { describe, expect, it } from 'vitest';
import { megabytes, pageButtons, shortId } from './admin';

describe('admin console rules', () => {
  it('C-9: at most 5 page buttons around the current page', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });
  it('C-9: sizes in MB with one decimal, ids to 8 characters', () => {
    expect(megabytes(1_572_864)).toBe('1.5 MB');
    expect(megabytes(0)).toBe('0.0 MB');
    expect(shortId('0123456789abcdef')).toBe('01234567');
  });
});
