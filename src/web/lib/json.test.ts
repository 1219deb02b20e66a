import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asRecord, bySchema, isRecord, readJson } from './json';

// #38.4: JSON from storage or an answer is read through a check; anything else reads as null, never a throw.
describe('#38.4 readJson', () => {
  it('#38.4 answers the checked value, or null for no text, text that is not JSON, or another shape', () => {
    expect(readJson('{"a":1}', asRecord)).toEqual({ a: 1 });
    expect(readJson(null, asRecord)).toBeNull();
    expect(readJson(undefined, asRecord)).toBeNull();
    expect(readJson('', asRecord)).toBeNull();
    expect(readJson('{a:1}', asRecord)).toBeNull();
    expect(readJson('[1]', asRecord)).toBeNull();
    expect(readJson('null', asRecord)).toBeNull();
    expect(readJson('"text"', asRecord)).toBeNull();
  });

  it('#38.4 isRecord is a plain object only', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isRecord)).toEqual([true, true, false, false, false, false]);
  });

  it('#38.4 bySchema reads through a zod schema: its output, or null', () => {
    const read = bySchema(z.object({ id: z.number().int(), tag: z.string().default('なし') }));
    expect(readJson('{"id":3,"extra":true}', read)).toEqual({ id: 3, tag: 'なし' });
    expect(readJson('{"id":"3"}', read)).toBeNull();
    expect(readJson('{"id":1.5}', read)).toBeNull();
  });
});
