import { FEED_MESSAGES } from '../../../shared/rules/feeds';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { transcriptOf } from '../tracks/public';

/**
 * A track's synced transcript as the files a podcast app reads (issue 40.4, the Podcast Index namespace's
 * `podcast:transcript`): WebVTT, and the namespace's JSON (docs/examples/transcripts/transcripts.md).
 */
export const TRANSCRIPT_FORMATS = {
  vtt: 'text/vtt',
  json: 'application/json',
} as const;
export type TranscriptFormat = keyof typeof TRANSCRIPT_FORMATS;

/** Where a track's transcript file is, beside the feeds (a podcast app has no session). */
export const transcriptFilePath = (trackId: number, format: TranscriptFormat) => `/rss/tracks/${trackId}/transcript.${format}`;

interface TimedLine {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * The file, for anyone, as the stream's rule lets a visitor hear the track: a hidden track is 404 音声が見つかりません,
 * a premium-only one 403 premium_only (never kept by a cache); a track whose lines have no times is 404.
 */
export async function transcriptFile(db: Db, trackId: number, format: TranscriptFormat): Promise<string> {
  const { lines } = await transcriptOf(db, null, trackId);
  const timed = lines.filter((l): l is TimedLine => l.startMs !== null && l.endMs !== null);
  if (timed.length === 0 || timed.length !== lines.length) throw notFound(FEED_MESSAGES.transcriptUntimed);
  return format === 'vtt' ? webVtt(timed) : podcastJson(timed);
}

/** 00:01:02.345 */
function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`;
}

/** Cue text as WebVTT holds it: the three characters it escapes, no line break, no cue-timing arrow. */
const vttText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\s*[\r\n]+\s*/g, ' ');

/** WebVTT (W3C), one cue a line with its speaker in a voice span, as Apple Podcasts ingests them. */
export function webVtt(lines: readonly TimedLine[]): string {
  const cues = lines.map(
    (l) =>
      `${vttTime(l.startMs)} --> ${vttTime(Math.max(l.endMs, l.startMs))}\n${l.speaker ? `<v ${vttText(l.speaker)}>` : ''}${vttText(l.text)}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** The namespace's JSON transcript: version 1.0.0, a segment a line, times in seconds. */
export function podcastJson(lines: readonly TimedLine[]): string {
  const seconds = (ms: number) => Math.round(ms) / 1000;
  return JSON.stringify({
    version: '1.0.0',
    segments: lines.map((l) => ({
      speaker: l.speaker,
      startTime: seconds(l.startMs),
      endTime: seconds(Math.max(l.endMs, l.startMs)),
      body: l.text,
    })),
  });
}
