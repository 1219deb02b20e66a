import { describe, expect, it } from 'vitest';
import { describeMediaError, describePlayRejection } from './playback-errors';

describe('describeMediaError (L-8-03, L-8-06)', () => {
  it('names codes 4, 3 and 2 and marks them not ready', () => {
    expect(describeMediaError(4).log).toMatch(/unsupported/);
    expect(describeMediaError(3).log).toMatch(/corrupted/);
    expect(describeMediaError(2).log).toMatch(/network/);
    for (const c of [2, 3, 4]) {
      expect(describeMediaError(c).notReady).toBe(true);
      expect(describeMediaError(c).message).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
  });
  it('an aborted load shows nothing', () => {
    expect(describeMediaError(1).message).toBeNull();
  });
});

describe('describePlayRejection (L-8-05, L-8-07)', () => {
  it('identifies autoplay blocked and unsupported format', () => {
    expect(describePlayRejection('NotAllowedError')?.log).toMatch(/autoplay blocked/);
    expect(describePlayRejection('NotSupportedError')?.log).toMatch(/unsupported/);
    expect(describePlayRejection('NotSupportedError')?.notReady).toBe(true);
  });
  it('an interrupted play() is not a failure', () => {
    expect(describePlayRejection('AbortError')).toBeNull();
  });
});
