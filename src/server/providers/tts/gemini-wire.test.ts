import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './gemini-wire';

const retryInfo = (retryDelay: unknown) =>
  JSON.stringify({
    error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }] },
  });

// #38.4: Google's RetryInfo is read through a schema; a body of another shape gives no advice, never a throw.
describe('#38.4 retryAfterMs', () => {
  it("#38.4 reads Retry-After, else the body's RetryInfo.retryDelay", () => {
    expect(retryAfterMs('3', '')).toBe(3000);
    expect(retryAfterMs(null, retryInfo('37s'))).toBe(37_000);
    expect(retryAfterMs(null, retryInfo('1.5s'))).toBe(1500);
  });

  it('#38.4 a body that is not JSON or not Google’s shape gives no advice (null)', () => {
    expect(retryAfterMs(null, '<html>429</html>')).toBeNull();
    expect(retryAfterMs(null, 'null')).toBeNull();
    expect(retryAfterMs(null, '{"error":"slow down"}')).toBeNull();
    expect(retryAfterMs(null, '{"error":{"details":"37s"}}')).toBeNull();
    expect(retryAfterMs(null, retryInfo(37))).toBeNull();
    expect(retryAfterMs(null, retryInfo('soon'))).toBeNull();
  });
});
