import { describe, expect, it } from 'vitest';
import { graphemesOf, isEmojiAvatar, PICTURE_MESSAGES, pictureProblem } from './profile';

describe('#13.1 an emoji avatar is one or two real emoji, nothing else', () => {
  it('accepts emoji, skin tones, ZWJ sequences, flags, subdivision flags and keycaps', () => {
    for (const ok of [
      '🎧',
      '👍🏽',
      '🇯🇵',
      '1️⃣',
      '#️⃣',
      '*️⃣',
      '👨‍👩‍👧',
      '👩‍💻',
      '🏳️‍🌈',
      '❤️‍🔥',
      '❤️',
      '✌🏽',
      '♾️',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
      '🐱🐶',
      '🇯🇵🇺🇸',
      '👨‍👩‍👧👍🏽',
    ]) {
      expect(isEmojiAvatar(ok), ok).toBe(true);
      expect(pictureProblem(ok), ok).toBeNull();
    }
  });

  it('refuses markup, math and text symbols, letters, digits, a lone regional indicator, and more than 2 graphemes', () => {
    for (const bad of [
      '<',
      '<>',
      '+',
      '=',
      '|',
      '~',
      '©',
      '°',
      '∞',
      '™',
      '❤',
      'a',
      'ab',
      '1',
      '#',
      ' ',
      '',
      '🇯',
      '\u200d',
      '\ufe0f',
      '🎧🎧🎧',
      '🎧a',
      '🎧 ',
      'javascript:',
    ]) {
      expect(isEmojiAvatar(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(pictureProblem('<>')).toBe(PICTURE_MESSAGES.invalid);
    expect(pictureProblem('©')).toBe(PICTURE_MESSAGES.invalid);
  });

  it('counts user-perceived characters, a ZWJ family being one', () => {
    expect(graphemesOf('👨‍👩‍👧')).toHaveLength(1);
    expect(graphemesOf('🇯🇵1️⃣')).toHaveLength(2);
  });
});
