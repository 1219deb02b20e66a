import { describe, expect, it } from 'vitest';
import { lineShareUrl, originOf, trackShareUrl } from './share';

describe('share addresses (#20)', () => {
  it("LINE's share link carries the address encoded", () => {
    expect(lineShareUrl('https://mugen.example/mugen/track/3?x=1&y=2')).toBe(
      'https://social-plugins.line.me/lineit/share?url=https%3A%2F%2Fmugen.example%2Fmugen%2Ftrack%2F3%3Fx%3D1%26y%3D2',
    );
  });

  it("a track's address is its public path on the public origin", () => {
    expect(trackShareUrl('https://mugen.example/', { id: 3, createdBy: 'mugen', posterCustomUserId: null })).toBe(
      'https://mugen.example/mugen/track/3',
    );
    expect(trackShareUrl('https://mugen.example', { id: 4, createdBy: 'u-1', posterCustomUserId: 'hana' })).toBe(
      'https://mugen.example/hana/track/4',
    );
  });

  it('reads only http(s) origins', () => {
    expect(originOf('https://mugen.example/some/path')).toBe('https://mugen.example');
    expect(originOf('http://localhost:3000')).toBe('http://localhost:3000');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
