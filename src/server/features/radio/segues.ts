import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSING_SECONDS, PROGRAMME_MESSAGES, SEGUE_SECONDS } from '../../../shared/rules/programme';
import { scriptLines } from '../../../shared/rules/transcript';
import { type Db, inTransaction } from '../../db/client';
import { segues, tracks } from '../../db/schema';
import { found } from '../../http/errors';
import { defineJob } from '../../jobs/define';
import { enqueueJob, PermanentTaskError } from '../../jobs/queue';
import { encodeMp3 } from '../../providers/audio/mp3';
import { id3v2Length, mp3Duration, parseFrameHeader } from '../../providers/audio/mp3-duration';
import type { SegueTrack } from '../../providers/llm/types';
import { keyIn } from '../../providers/storage/keys';
import { type Hearer, requireHearing } from '../tracks/public';
import { writeSegue } from './segue-prompt';

export const MAKE_SEGUE = 'make-segue' as const;
/** The quickest the hosts may speak a segue that came out longer than its slot. */
const FASTEST_RATE = 1.6;
/** The breath kept after the hosts' last word, at the least (the rest of the slot is silence too). */
const BREATH_SECONDS = 0.3;

export const segueKey = (id: number) => keyIn('segues', `s-${id}.mp3`);
/** How long a segue's slot is: every segue lasts the same, the closing its own. */
export const plannedSeconds = (to: number | null) => (to === null ? CLOSING_SECONDS : SEGUE_SECONDS);

export interface SegueRef {
  id: number;
  status: string;
}
const pairKey = (from: number, to: number | null) => `${from}>${to ?? ''}`;

/**
 * The segues of a programme's pairs, made or not: a pair met for the first time gets its row (pending) and
 * a make-segue task in one transaction, so each pair is spoken once however many programmes ask for it.
 * Answers the rows by pair (`from>to`, `from>` for the closing).
 */
export async function seguesFor(db: Db, pairs: readonly { from: number; to: number | null }[]): Promise<Map<string, SegueRef>> {
  const byPair = new Map<string, SegueRef>();
  const read = async (q: Db) => {
    const froms = [...new Set(pairs.map((p) => p.from))];
    if (froms.length === 0) return;
    const rows = await q
      .select({ id: segues.id, from: segues.fromTrackId, to: segues.toTrackId, status: segues.status })
      .from(segues)
      .where(inArray(segues.fromTrackId, froms));
    for (const r of rows) byPair.set(pairKey(r.from, r.to), { id: r.id, status: r.status });
  };
  await read(db);
  const missing = pairs.filter((p) => !byPair.has(pairKey(p.from, p.to)));
  if (missing.length === 0) return byPair;
  await inTransaction(db, async (tx) => {
    const made = await tx
      .insert(segues)
      .values(missing.map((p) => ({ fromTrackId: p.from, toTrackId: p.to })))
      .onConflictDoNothing()
      .returning({ id: segues.id });
    for (const { id } of made) {
      await enqueueJob(tx, makeSegueJob, { segueId: id });
    }
  });
  await read(db);
  return byPair;
}

/**
 * A made segue's audio for GET /api/radio/segues/{id}/audio; 404 つなぎの音声が見つかりません until it is
 * made. What it says names both tracks of its pair, so it is heard by the stream's rule on each (#36.6):
 * 404 when one is hidden from the listener, 403 premium_only when one is premium-only for them.
 */
export async function segueAudio(db: Db, id: number, who: Hearer) {
  const [row] = await db
    .select({ key: segues.storageKey, size: segues.fileSize, updatedAt: segues.updatedAt, from: segues.fromTrackId, to: segues.toTrackId })
    .from(segues)
    .where(and(eq(segues.id, id), eq(segues.status, 'ready')))
    .limit(1);
  const ready = found(row?.key ? row : null, PROGRAMME_MESSAGES.segueNotFound);
  const named = await db
    .select({ isVisible: tracks.isVisible, isPremiumOnly: tracks.isPremiumOnly, ownerId: tracks.userId })
    .from(tracks)
    .where(inArray(tracks.id, ready.to === null ? [ready.from] : [ready.from, ready.to]));
  // A hidden track's 404 before a premium-only one's 403: the refusal says nothing of a hidden track.
  for (const track of named.sort((a, b) => Number(a.isVisible) - Number(b.isVisible))) {
    requireHearing(track, who, PROGRAMME_MESSAGES.segueNotFound);
  }
  return {
    key: ready.key as string,
    size: ready.size,
    lastModified: ready.updatedAt,
    etag: `"segue-${id}-${ready.size}-${ready.updatedAt.getTime().toString(36)}"`,
  };
}

/** The first lines of a track's script, without the hosts' names: what a segue may say it was about. */
function gistOf(script: string | null): string {
  return scriptLines(script ?? '')
    .slice(0, 2)
    .map((l) => l.text)
    .join(' ')
    .slice(0, 200);
}

async function segueTrack(db: Db, id: number): Promise<SegueTrack | null> {
  const [t] = await db
    .select({ title: tracks.title, category: tracks.category, script: tracks.script })
    .from(tracks)
    .where(eq(tracks.id, id))
    .limit(1);
  return t ? { title: t.title, category: t.category, gist: gistOf(t.script) } : null;
}

/**
 * The spoken segue fitted to its slot: shorter, it is followed by silence up to the slot (MP3 frames of
 * silence at the same rate, appended); longer, it is spoken again faster (up to 1.6×). The level is the
 * render's (-16 LUFS, as every track), so a programme never jumps in loudness.
 */
export async function fitToSlot(
  speak: (rate: number) => Promise<{ mp3: Buffer; duration: number }>,
  seconds: number,
): Promise<{ mp3: Buffer; duration: number }> {
  let spoken = await speak(1);
  if (spoken.duration > seconds - BREATH_SECONDS) {
    const rate = Math.min(FASTEST_RATE, (spoken.duration / (seconds - BREATH_SECONDS)) * 1.05);
    spoken = await speak(rate);
    if (spoken.duration > seconds - BREATH_SECONDS) throw new PermanentTaskError(`the segue takes ${spoken.duration.toFixed(1)} s`);
  }
  const header = parseFrameHeader(spoken.mp3, id3v2Length(spoken.mp3));
  if (!header) throw new PermanentTaskError('the spoken segue is not MP3');
  const gap = seconds - spoken.duration;
  const silence = encodeMp3({ samples: new Int16Array(Math.max(0, Math.round(gap * header.sampleRate))), sampleRate: header.sampleRate });
  const mp3 = Buffer.concat([spoken.mp3, silence]);
  return { mp3, duration: mp3Duration(mp3) };
}

/**
 * The make-segue job: what the hosts say about the two tracks is written (segue-prompt.ts), the render speaks
 * it in the tracks' voices at their level, it is fitted to its slot and stored, and the row becomes ready.
 * A track deleted meanwhile takes its segues with it (the task then ends).
 */
export const makeSegueJob = defineJob(MAKE_SEGUE, {
  version: 1,
  // Nobody waits for a segue (the programme plays without it): publishing and contact mail go first (#36.7).
  priority: 'background',
  payload: z.object({ segueId: z.number().int().positive() }),
  handler: async ({ segueId }, ctx, { db, storage, render, llm }) => {
    const [row] = await db.select().from(segues).where(eq(segues.id, segueId)).limit(1);
    if (!row) throw new PermanentTaskError('the segue is gone');
    if (row.status === 'ready') return { segueId };
    const from = await segueTrack(db, row.fromTrackId);
    const to = row.toTrackId === null ? null : await segueTrack(db, row.toTrackId);
    if (!from || (row.toTrackId !== null && !to)) throw new PermanentTaskError('a track of the segue is gone');
    await ctx.report('script', 10);
    const script = await writeSegue(llm, { from, to });
    await ctx.report('audio_generation', 40);
    const audio = await fitToSlot((rate) => render(script, rate), plannedSeconds(row.toTrackId));
    const key = segueKey(segueId);
    await storage.put(key, audio.mp3);
    await db
      .update(segues)
      .set({ status: 'ready', storageKey: key, duration: audio.duration, fileSize: audio.mp3.length, script, updatedAt: new Date() })
      .where(eq(segues.id, segueId));
    return { segueId, duration: audio.duration };
  },
});
