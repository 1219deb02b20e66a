import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../constants';
import { IntId } from '../schemas/common';
import { intIdFrom } from './ids';

describe('intIdFrom: an id in text, as IntId reads it', () => {
  it('reads positive 32-bit integers and nothing else', () => {
    expect(intIdFrom('74')).toBe(74);
    expect(intIdFrom(String(INT32_MAX))).toBe(INT32_MAX);
    for (const text of [undefined, '', '0', '-1', '1.5', 'x1', '1e3', String(INT32_MAX + 1), '99999999999']) {
      expect(intIdFrom(text)).toBeNull();
    }
  });

  it('agrees with IntId on the digits it accepts', () => {
    for (const text of ['1', '074', '2147483647', '2147483648', '0']) {
      const parsed = IntId.safeParse(text);
      expect(intIdFrom(text)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
