import { expect } from 'vitest';
import type { TestApp } from '../../test/app';

/** A member's report of a misread transcript line (POST /api/tracks/{id}/reading-reports). */
export function reportLine(t: TestApp, trackId: number, cookie: string, line: number, note?: string) {
  return t.app.inject({ method: 'POST', url: `/api/tracks/${trackId}/reading-reports`, headers: { cookie }, payload: { line, note } });
}

/** The answer to a report made: 201, its id, and the line's text with the reading the voice spoke. */
export function expectReported(
  res: Awaited<ReturnType<typeof reportLine>>,
  want: { trackId: number; line: number; text: string; reading: string },
) {
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toEqual({ id: res.json().id, ...want });
}
