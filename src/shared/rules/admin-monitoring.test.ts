import { describe, expect, it } from 'vitest';
import { formatUptime, memoryPercent } from './admin-monitoring';

describe('monitoring figures', () => {
  it('C-2.4-44: uptime reads as days, hours, minutes and seconds', () => {
    expect(formatUptime(0)).toBe('0秒');
    expect(formatUptime(59.9)).toBe('59秒');
    expect(formatUptime(61)).toBe('1分 1秒');
    expect(formatUptime(3600)).toBe('1時間 0分 0秒');
    expect(formatUptime(93_784)).toBe('1日 2時間 3分 4秒');
    expect(formatUptime(Number.NaN)).toBe('0秒');
  });
  it('memory in use as a whole percent, never outside 0..100', () => {
    expect(memoryPercent(50, 200)).toBe(25);
    expect(memoryPercent(1, 0)).toBe(0);
    expect(memoryPercent(300, 200)).toBe(100);
  });
});
