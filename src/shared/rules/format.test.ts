import { describe, expect, it } from 'vitest';
import { avatarFor, clampFraction, formatCount, formatCountAdmin, formatTime, needsMarquee } from './format';

describe('formatCount (L-9-10)', () => {
  it('shows small counts as they are and large ones as k and M', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1500)).toBe('1.5k');
    expect(formatCount(999_999)).toBe('999.9k');
    expect(formatCount(1_000_000)).toBe('1.0M');
    expect(formatCount(2_345_678)).toBe('2.3M');
  });
  it('shows K and M with one decimal in admin', () => {
    expect(formatCountAdmin(1500)).toBe('1.5K');
    expect(formatCountAdmin(1000)).toBe('1.0K');
    expect(formatCountAdmin(1_000_000)).toBe('1.0M');
  });
});

describe('needsMarquee (L-2.5-07)', () => {
  it('scrolls titles longer than 18 characters only', () => {
    expect(needsMarquee('あ'.repeat(18))).toBe(false);
    expect(needsMarquee('あ'.repeat(19))).toBe(true);
    expect(needsMarquee('😀'.repeat(18))).toBe(false);
  });
});

describe('formatTime', () => {
  it('reads m:ss and h:mm:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

describe('avatarFor (L-2.6-06)', () => {
  it('shows an emoji of up to 2 characters, an image, or the initial', () => {
    expect(avatarFor('∞', '無限')).toEqual({ kind: 'emoji', value: '∞' });
    expect(avatarFor('🎧', 'x')).toEqual({ kind: 'emoji', value: '🎧' });
    expect(avatarFor('👨‍👩‍👧👍🏽', 'x')).toEqual({ kind: 'emoji', value: '👨‍👩‍👧👍🏽' });
    expect(avatarFor('1️⃣', 'x')).toEqual({ kind: 'emoji', value: '1️⃣' });
    const upload = '/uploads/profile/5f0c2d1e-aa11-4b2c-9d3e-0123456789ab-0123456789ab.webp';
    expect(avatarFor(upload, 'x')).toEqual({ kind: 'image', src: upload });
    expect(avatarFor(null, 'デモユーザー')).toEqual({ kind: 'initial', value: 'デ' });
    expect(avatarFor('', 'alice')).toEqual({ kind: 'initial', value: 'A' });
  });

  it('#13.1 never loads an image from another host or another path of the site', () => {
    for (const picture of [
      'https://example.com/a.png',
      'http://example.com/a.png',
      'HTTPS://example.com/a.png',
      '//tracker.example/pixel.png',
      '/\\tracker.example/pixel.png',
      '/uploads/a.png',
      '/uploads/profile/../../audio/x.mp3',
      '/uploads/profile/x.webp?https://tracker.example',
      '/icons/icon-192.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      expect(avatarFor(picture, 'alice'), picture).toEqual({ kind: 'initial', value: 'A' });
    }
  });
});

describe('clampFraction (L-4.2-21)', () => {
  it('clamps a seek position to 0..1', () => {
    expect(clampFraction(-0.2)).toBe(0);
    expect(clampFraction(1.7)).toBe(1);
    expect(clampFraction(0.5)).toBe(0.5);
    expect(clampFraction(Number.NaN)).toBe(0);
  });
});
