import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPositions } from './scroll-restoration';

const withKept = (raw: string | null) => vi.stubGlobal('sessionStorage', { getItem: () => raw });
afterEach(() => {
  vi.unstubAllGlobals();
});

// #38.4: the kept scroll positions are read through a check; anything else keeps none, never a throw.
describe('#38.4 the kept scroll positions', () => {
  it('#38.4 come back per history entry; an entry that is not a number is left out', () => {
    withKept('{"a1":120,"b2":0,"c3":"40"}');
    expect([...loadPositions()]).toEqual([
      ['a1', 120],
      ['b2', 0],
    ]);
  });

  it('#38.4 none kept, not JSON, another shape, or storage refused: no positions', () => {
    for (const raw of [null, '', '{oops', 'null', '[1,2]', '7']) {
      withKept(raw);
      expect(loadPositions().size).toBe(0);
    }
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(loadPositions().size).toBe(0);
  });
});
