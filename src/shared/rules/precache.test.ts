import { describe, expect, it } from 'vitest';
import { precacheList, versionOfEntry } from './precache';

describe('precache manifest (offline app shell)', () => {
  it('lists index.html and the hashed JS and CSS, never maps or other files', () => {
    expect(
      precacheList([
        'assets/index-B3x.js',
        'assets/index-B3x.js.map',
        'assets/home-Zq1.js',
        'assets/index-C9k.css',
        'service-worker.js',
        'icons/icon-192.png',
        'index.html',
      ]),
    ).toEqual(['/index.html', '/assets/home-Zq1.js', '/assets/index-B3x.js', '/assets/index-C9k.css']);
  });

  it('names the version after the entry chunk, as the page does', () => {
    expect(versionOfEntry('assets/index-B3xk_9aQ.js')).toBe('index-B3xk_9aQ');
    expect(versionOfEntry(undefined)).toBe('dev');
  });
});
