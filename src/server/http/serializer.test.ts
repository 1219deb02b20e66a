import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SearchAnswerSchema } from '../../shared/schemas/search';
import { TrackListSchema } from '../../shared/schemas/track';
import { createTestApp, insertTrack, type TestApp } from '../test/app';
import { serializerCompiler } from './serializer';

// Issue 16: large answers serialised from their schema without validating every row on every request.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 5; i += 1) await insertTrack(t, { title: `直列化の確認 ${i}`, category: 'ニュース', script: 'ハルカ：直列化。' });
});
afterAll(() => t.close());

const compile = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (d: unknown) => string;

describe('the fast serialiser of track lists and search answers', () => {
  it('sends only the declared fields, as zod would, and refuses a row without a required one', async () => {
    const [row] = (await t.app.inject({ method: 'GET', url: '/api/tracks?limit=1' })).json();
    const stringify = compile(TrackListSchema);
    const out = JSON.parse(stringify([{ ...row, ownerEmail: 'secret@example.com', tokenHash: 'x' }]));
    expect(out).toEqual([row]);
    expect(out[0]).not.toHaveProperty('ownerEmail');
    const { title: _missing, ...withoutTitle } = row;
    expect(() => stringify([withoutTitle])).toThrow(/title/);
  });

  it('gives answers the same zod schema accepts, through the API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/tracks?limit=50&offset=0' });
    expect(page.statusCode).toBe(200);
    expect(TrackListSchema.parse(page.json()).length).toBeGreaterThanOrEqual(5);
    const category = await t.app.inject({ method: 'GET', url: `/api/tracks/category/${encodeURIComponent('ニュース')}` });
    expect(TrackListSchema.parse(category.json()).length).toBeGreaterThanOrEqual(5);
    const found = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('直列化')}` });
    const answer = SearchAnswerSchema.parse(found.json());
    expect(answer.tracks.length).toBe(5);
    expect(answer.total).toBe(5);
  });

  it('keeps the checked serialiser for every other answer: a wrong value is an error there', () => {
    const checked = compile(z.object({ count: z.number().int() }));
    expect(checked({ count: 3 })).toBe('{"count":3}');
    expect(() => checked({ count: 'three' })).toThrow();
  });
});
