import { describe, expect, it } from 'vitest';
import { pageEncoding } from './html-page';

describe('pageEncoding: what an app page is compressed with', () => {
  it('takes brotli, else gzip, as Accept-Encoding allows', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('GZIP;q=0.8')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('br;q=0, *;q=0.5')).toBe('gzip');
  });

  it('sends it as it is when nothing it can make is accepted', () => {
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('deflate')).toBeNull();
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('*;q=0')).toBeNull();
  });
});
