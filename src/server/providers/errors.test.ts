import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kindOfStatus, readBodyAs } from './errors';

// #38.4: a provider's error body is read through a schema; a foreign one reads as nothing, never a throw.
describe('#38.4 provider error bodies', () => {
  it('#38.4 readBodyAs answers the value of the schema, or null for a body that is not JSON or not its shape', () => {
    const Shape = z.object({ error: z.object({ status: z.string() }) });
    expect(readBodyAs('{"error":{"status":"INVALID_ARGUMENT","code":400}}', Shape)).toEqual({ error: { status: 'INVALID_ARGUMENT' } });
    expect(readBodyAs('<html>502 Bad Gateway</html>', Shape)).toBeNull();
    expect(readBodyAs('', Shape)).toBeNull();
    expect(readBodyAs('null', Shape)).toBeNull();
    expect(readBodyAs('{"error":{"status":429}}', Shape)).toBeNull();
    expect(readBodyAs('{"error":"quota"}', Shape)).toBeNull();
  });

  it("#38.4 kindOfStatus reads Google's status word, and falls back to the HTTP status for any other body", () => {
    expect(kindOfStatus(400, '{"error":{"code":400,"status":"RESOURCE_EXHAUSTED"}}')).toBe('quota');
    expect(kindOfStatus(400, '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}')).toBe('rejected');
    expect(kindOfStatus(503, '{"error":{"status":["RESOURCE_EXHAUSTED"]}}')).toBe('unavailable');
    expect(kindOfStatus(503, '{"error":null}')).toBe('unavailable');
    expect(kindOfStatus(503, 'not json')).toBe('unavailable');
    expect(kindOfStatus(404, '[1,2]')).toBe('config');
    expect(kindOfStatus(429, '<html></html>')).toBe('quota');
  });
});
