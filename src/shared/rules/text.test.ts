import { describe, expect, it } from 'vitest';
import { clip, controlCharacterProblem, TEXT_MESSAGES, withoutXmlInvalid } from './text';

describe('written text (#36.8)', () => {
  const c0 = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c));

  it('#36.8 refuses every C0 control but tab and line feed, DEL and a lone surrogate, in text of one line or several', () => {
    const refused = [...c0.filter((c) => c !== '\t' && c !== '\n'), '\u007f', '\ud800', '\udc00'];
    expect(refused).toHaveLength(33);
    for (const c of refused) {
      for (const lines of ['single', 'multi'] as const) {
        expect(controlCharacterProblem(`前${c}後`, lines), `U+${c.charCodeAt(0).toString(16)} ${lines}`).toBe(
          TEXT_MESSAGES.controlCharacters,
        );
      }
    }
  });

  it('#36.8 tab and line feed: refused in one line, kept in several', () => {
    for (const c of ['\t', '\n']) {
      expect(controlCharacterProblem(`前${c}後`)).toBe(TEXT_MESSAGES.lineBreaks);
      expect(controlCharacterProblem(`前${c}後`, 'multi')).toBe(null);
    }
  });

  it('#36.8 takes ordinary text: Japanese, emoji (a whole surrogate pair), C1 and other spaces', () => {
    for (const text of ['語り手', '😀👍🏽🇯🇵', 'e\u0301', '\u0085\u00a0\u2028\u3000', ''])
      expect(controlCharacterProblem(text, 'multi')).toBe(null);
  });

  it('#36.8 a feed writer drops what XML 1.0 cannot hold and keeps the rest', () => {
    expect(withoutXmlInvalid('a\u0000b\u0007c\u000bd\u000ce\u001ff\u007fg\ufffeh\uffffi\ud800j')).toBe('abcdefghij');
    expect(withoutXmlInvalid('行\t一\n二\r三😀&<>')).toBe('行\t一\n二\r三😀&<>');
  });

  it('#38.4 clip keeps a text within its length, the ellipsis included, counting emoji as one character', () => {
    expect(clip('あいうえお', 5)).toBe('あいうえお');
    expect(clip('あいうえおか', 5)).toBe('あいうえ…');
    expect(clip('😀😀😀', 2)).toBe('😀…');
  });
});
