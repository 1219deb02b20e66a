import { describe, expect, it } from 'vitest';
import { daysRemaining } from './premium';

describe('daysRemaining', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('rounds up and never goes below 0', () => {
    expect(daysRemaining(new Date('2026-01-01T00:00:01Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-01-31T00:00:00Z'), now)).toBe(30);
    expect(daysRemaining(new Date('2025-12-01T00:00:00Z'), now)).toBe(0);
    expect(daysRemaining(null, now)).toBe(0);
  });
});
