import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { PROGRAMME_MESSAGES, SEGUE_RETRY_AFTER_MS } from '../../../shared/rules/programme';
import { scriptLines } from '../../../shared/rules/transcript';
import { type Db, inTransaction } from '../../db/client';
import { segues, tracks } from '../../db/schema';
import { found } from '../../http/errors';
import { defineJob, type JobDeps } from '../../jobs/define';
import { enqueueJob, type JobContext, PermanentTaskError } from '../../jobs/queue';
import { encodeMp3 } from '../../providers/audio/mp3';
import { id3v2Length, mp3Duration, parseFrameHeader } from '../../providers/audio/mp3-duration';
import type { SegueTrack } from '../../providers/llm/types';
import { keyIn } from '../../providers/storage/keys';
import type { StorageProvider } from '../../providers/storage/types';
import { type Hearer, onTrackChange, requireHearing } from '../tracks/public';
import { shortestTalk } from './offline-segue';
import { writeSegue } from './segue-prompt';

export const MAKE_SEGUE = 'make-segue' as const;
/** The quickest the hosts may speak a segue that came out longer than its slot. */
const FASTEST_RATE = 1.6;
/** The breath kept after the hosts' last word, at the least (the rest of the slot is silence too). */
const BREATH_SECONDS = 0.3;

export const segueKey = (id: number) => keyIn('segues', `s-${id}.mp3`);

/** A talk of a programme: `from` null is an opening, `to` null a closing, neither a bridge; whole seconds. */
export interface Talk {
  from: number | null;
  to: number | null;
  seconds: number;
}
export interface SegueRef {
  id: number;
  status: string;
  /** Measured seconds once made, else 0. */
  duration: number;
}
export const pairKey = (t: Talk) => `${t.from ?? ''}>${t.to ?? ''}@${t.seconds}`;

/**
 * The rows of a programme's talks, made or not: a talk met for the first time gets its row (pending) and
 * a make-segue task in one transaction, so each is spoken once however many programmes ask for it; one
 * whose making failed for good is asked for again once SEGUE_RETRY_AFTER_MS has passed (#40.2).
 * Answers the rows by `pairKey`.
 */
export async function seguesFor(db: Db, talks: readonly Talk[], now = new Date()): Promise<Map<string, SegueRef>> {
  const byPair = new Map<string, SegueRef>();
  const stale: number[] = [];
  const retryBefore = new Date(now.getTime() - SEGUE_RETRY_AFTER_MS);
  const read = async (q: Db) => {
    const froms = [...new Set(talks.flatMap((t) => (t.from === null ? [] : [t.from])))];
    const tos = [...new Set(talks.flatMap((t) => (t.from === null && t.to !== null ? [t.to] : [])))];
    const rows = await q
      .select({
        id: segues.id,
        from: segues.fromTrackId,
        to: segues.toTrackId,
        seconds: segues.seconds,
        status: segues.status,
        duration: segues.duration,
        updatedAt: segues.updatedAt,
      })
      .from(segues)
      .where(
        or(
          froms.length ? inArray(segues.fromTrackId, froms) : undefined,
          tos.length ? and(isNull(segues.fromTrackId), inArray(segues.toTrackId, tos)) : undefined,
          and(isNull(segues.fromTrackId), isNull(segues.toTrackId)),
        ),
      );
    stale.length = 0;
    for (const r of rows) {
      byPair.set(pairKey(r), { id: r.id, status: r.status, duration: r.duration });
      if (r.status === 'failed' && r.updatedAt < retryBefore) stale.push(r.id);
    }
  };
  await read(db);
  const missing = talks.filter((t, i) => !byPair.has(pairKey(t)) && talks.findIndex((u) => pairKey(u) === pairKey(t)) === i);
  const retried = stale.filter((id) => talks.some((t) => byPair.get(pairKey(t))?.id === id));
  if (missing.length === 0 && retried.length === 0) return byPair;
  await inTransaction(db, async (tx) => {
    const made = missing.length
      ? await tx
          .insert(segues)
          .values(missing.map((t) => ({ fromTrackId: t.from, toTrackId: t.to, seconds: t.seconds })))
          .onConflictDoNothing()
          .returning({ id: segues.id })
      : [];
    // Only the programme that moves a failed row back to pending asks again: one task however many ask.
    const again = retried.length
      ? await tx
          .update(segues)
          .set({ status: 'pending', updatedAt: now })
          .where(and(inArray(segues.id, retried), eq(segues.status, 'failed'), lt(segues.updatedAt, retryBefore)))
          .returning({ id: segues.id })
      : [];
    for (const { id } of [...made, ...again]) {
      await enqueueJob(tx, makeSegueJob, { segueId: id });
    }
  });
  await read(db);
  return byPair;
}

/**
 * A made segue's audio for GET /api/radio/segues/{id}/audio; 404 つなぎの音声が見つかりません until it is
 * made. What it says names the tracks of its pair, so it is heard by the stream's rule on each (#36.6; a
 * bridge names none):
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
    .where(
      inArray(
        tracks.id,
        [ready.from, ready.to].filter((id): id is number => id !== null),
      ),
    );
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
 * silence at the same rate, appended); longer, it is spoken again faster (up to 1.6×), and null when even
 * that does not fit. The level is the render's (-16 LUFS, as every track), so a programme never jumps in loudness.
 */
export async function fitToSlot(
  speak: (rate: number) => Promise<{ mp3: Buffer; duration: number }>,
  seconds: number,
): Promise<{ mp3: Buffer; duration: number } | null> {
  let spoken = await speak(1);
  if (spoken.duration > seconds - BREATH_SECONDS) {
    const rate = Math.min(FASTEST_RATE, (spoken.duration / (seconds - BREATH_SECONDS)) * 1.05);
    spoken = await speak(rate);
    if (spoken.duration > seconds - BREATH_SECONDS) return null;
  }
  const header = parseFrameHeader(spoken.mp3, id3v2Length(spoken.mp3));
  if (!header) throw new PermanentTaskError('the spoken segue is not MP3');
  const gap = seconds - spoken.duration;
  const silence = encodeMp3({ samples: new Int16Array(Math.max(0, Math.round(gap * header.sampleRate))), sampleRate: header.sampleRate });
  const mp3 = Buffer.concat([spoken.mp3, silence]);
  return { mp3, duration: mp3Duration(mp3) };
}

/**
 * The make-segue job: what the hosts say is written for the talk's length (segue-prompt.ts), the render
 * speaks it in the tracks' voices at their level, it is fitted to its length and stored, and the row
 * becomes ready with its measured seconds. A track deleted meanwhile takes its talks with it (the task then
 * ends). A task that fails for good leaves its row `failed`, for a later programme to ask again (#40.2).
 */
export const makeSegueJob = defineJob(MAKE_SEGUE, {
  version: 1,
  // Nobody waits for a segue (the programme plays a bridge without it): publishing and contact mail go first (#36.7).
  priority: 'background',
  payload: z.object({ segueId: z.number().int().positive() }),
  handler: async ({ segueId }, ctx, deps) => {
    try {
      return await makeSegue(segueId, ctx, deps);
    } catch (err) {
      if (err instanceof PermanentTaskError || ctx.task.attempts >= ctx.task.maxAttempts) {
        await deps.db
          .update(segues)
          .set({ status: 'failed', updatedAt: new Date() })
          .where(and(eq(segues.id, segueId), eq(segues.status, 'pending')));
      }
      throw err;
    }
  },
});

async function makeSegue(segueId: number, ctx: JobContext, { db, storage, render, llm }: JobDeps) {
  const [row] = await db.select().from(segues).where(eq(segues.id, segueId)).limit(1);
  if (!row) throw new PermanentTaskError('the segue is gone');
  if (row.status === 'ready') return { segueId };
  const from = row.fromTrackId === null ? null : await segueTrack(db, row.fromTrackId);
  const to = row.toTrackId === null ? null : await segueTrack(db, row.toTrackId);
  if ((row.fromTrackId !== null && !from) || (row.toTrackId !== null && !to)) throw new PermanentTaskError('a track of the segue is gone');
  await ctx.report('script', 10);
  let script = await writeSegue(llm, { from, to, seconds: row.seconds });
  await ctx.report('audio_generation', 40);
  let audio = await fitToSlot((rate) => render(script, rate), row.seconds);
  if (!audio) {
    // Written longer than the voice can say in a short slot (a model's talk, or a long title in 3 s):
    // the least a talk says, so the programme still hears the hosts rather than its bridge.
    script = shortestTalk({ from, to });
    audio = await fitToSlot((rate) => render(script, rate), row.seconds);
  }
  if (!audio) throw new PermanentTaskError(`the segue does not fit its ${row.seconds} s`);
  const key = segueKey(segueId);
  await storage.put(key, audio.mp3);
  await db
    .update(segues)
    .set({ status: 'ready', storageKey: key, duration: audio.duration, fileSize: audio.mp3.length, script, updatedAt: new Date() })
    .where(eq(segues.id, segueId));
  return { segueId, duration: audio.duration };
}

/**
 * Deletes the stored MP3 of every talk whose row is gone: a track's deletion takes its talks' rows with it
 * (cascade), and this takes their audio (#40.2). Runs on every track change that removed a track.
 */
export async function sweepSegueFiles(db: Db, storage: StorageProvider): Promise<string[]> {
  const keys = await storage.list('segues/');
  const ids = keys.flatMap((k) => {
    const m = /^segues\/s-(\d+)\.mp3$/.exec(k);
    return m ? [Number(m[1])] : [];
  });
  if (ids.length === 0) return [];
  const kept = new Set((await db.select({ id: segues.id }).from(segues).where(inArray(segues.id, ids))).map((r) => r.id));
  const gone = ids.filter((id) => !kept.has(id)).map(segueKey);
  for (const key of gone) await storage.delete(key);
  return gone;
}

/** Watches the tracks: when one is deleted, its talks' audio goes too (sweepSegueFiles). Answers the unsubscribe. */
export function watchSegueFiles(db: Db, storage: StorageProvider, onError: (err: unknown) => void): () => void {
  return onTrackChange(db, (id) => {
    if (id === null) return;
    void (async () => {
      if (typeof id === 'number') {
        const [still] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, id)).limit(1);
        if (still) return;
      }
      await sweepSegueFiles(db, storage);
    })().catch(onError);
  });
}
