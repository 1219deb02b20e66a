import { describe, expect, it } from 'vitest';
import { mediaMetadataFor, mediaPositionState, skipTarget } from './player-media';

describe('Media Session rules', () => {
  it('metadata: title, poster name or 無限, the picture when it is an image, else the app icons', () => {
    const upload = '/uploads/profile/u1-0123456789ab.webp';
    expect(mediaMetadataFor({ title: 'A', posterName: '花子', posterPicture: upload })).toEqual({
      title: 'A',
      artist: '花子',
      album: '無限 Mugen',
      artwork: [{ src: upload }],
    });
    for (const posterPicture of ['∞', null, 'abc', 'https://x.example/p.png']) {
      expect(mediaMetadataFor({ title: 'A', posterName: ' ', posterPicture }).artwork.map((a) => a.src)).toEqual([
        '/icons/icon-192.png',
        '/icons/icon-512.png',
      ]);
    }
    expect(mediaMetadataFor({ title: 'A', posterName: null, posterPicture: null }).artist).toBe('無限');
  });

  it('position state only with a known duration and a rate, the position inside the track', () => {
    expect(mediaPositionState(Number.NaN, 1, 1)).toBeNull();
    expect(mediaPositionState(Number.POSITIVE_INFINITY, 1, 1)).toBeNull();
    expect(mediaPositionState(60, 1, 0)).toBeNull();
    expect(mediaPositionState(60, 61, 1.5)).toEqual({ duration: 60, position: 60, playbackRate: 1.5 });
    expect(mediaPositionState(60, Number.NaN, 1)).toEqual({ duration: 60, position: 0, playbackRate: 1 });
  });

  it('skips stay inside the track', () => {
    expect(skipTarget(5, -10, 60)).toBe(0);
    expect(skipTarget(55, 10, 60)).toBe(60);
    expect(skipTarget(20, 10, 60)).toBe(30);
  });
});
