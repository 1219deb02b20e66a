import { describe, expect, it } from 'vitest';
import { gateCheck, gatePlaying, gateStopped, msUntilDue, newPlayCountGate } from './play-count';

describe('play count gate (L-4.2-11)', () => {
  it('counts after 3 s of continuous playing, once', () => {
    let g = gatePlaying(newPlayCountGate(), 1000);
    expect(msUntilDue(g, 1000)).toBe(3000);
    expect(gateCheck(g, 3999).count).toBe(false);
    const r = gateCheck(g, 4000);
    expect(r.count).toBe(true);
    g = r.gate;
    expect(gateCheck(g, 9000).count).toBe(false);
    expect(msUntilDue(g, 9000)).toBeNull();
  });

  it('a pause starts the 3 s again', () => {
    let g = gatePlaying(newPlayCountGate(), 0);
    g = gateStopped(g);
    expect(gateCheck(g, 2500).count).toBe(false);
    g = gatePlaying(g, 2500);
    expect(gateCheck(g, 4000).count).toBe(false);
    expect(msUntilDue(g, 4000)).toBe(1500);
    expect(gateCheck(g, 5500).count).toBe(true);
  });

  it('2 s of playing then a pause never counts', () => {
    let g = gatePlaying(newPlayCountGate(), 0);
    g = gateStopped(g);
    expect(gateCheck(g, 60_000).count).toBe(false);
  });

  it('a second playing event does not restart the clock', () => {
    let g = gatePlaying(newPlayCountGate(), 0);
    g = gatePlaying(g, 2000);
    expect(gateCheck(g, 3000).count).toBe(true);
  });
});
