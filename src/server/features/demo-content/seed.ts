import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/constants';
import type { Claim } from '../../../shared/schemas/creation';
import type { Db } from '../../db/client';
import { invitations, tracks, users } from '../../db/schema';
import type { LineTiming } from '../../providers/audio/dialogue';
import type { JapaneseEngine } from '../../providers/japanese/types';
import type { StorageProvider } from '../../providers/storage/types';
import { detectedClaims, writeDialogue } from '../creation/public';
import { refreshSearchReadings } from '../search/public';
import { audioKey, existingFilenames, hqAudioKey, trackChanged } from '../tracks/public';
import { ensureOfficialAccount, OFFICIAL_ACCOUNT } from '../users/public';
import { DEMO_MEMBER, DEMO_TRACKS, type DemoTrack } from './seed-content';

/**
 * Speaks a two-host script: the MP3, its duration, and where they exist the 128 kbit/s variant, line
 * timings, the voice that spoke it and the credit its terms ask for.
 */
export type RenderFn = (script: string) => Promise<{
  mp3: Buffer;
  duration: number;
  mp3Hq?: Buffer;
  lines?: LineTiming[];
  voicedBy?: string;
  voiceCredit?: string | null;
}>;

type Log = { info(msg: string): void };

/** Speaker labels ("ハルカ：") stay in the stored script but are not read aloud. */
export function spokenText(script: string): string {
  return script
    .split('\n')
    .map((line) => line.replace(/^\s*[^\s：:]{1,10}[：:]\s*/, ''))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Accounts and invitations of the demo: idempotent, fast, run before the server listens. */
export async function seedDemoAccounts(db: Db): Promise<{ demoUserId: string }> {
  await ensureOfficialAccount(db);

  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${DEMO_MEMBER.email}`);
  if (existing) return { demoUserId: existing.id };

  const demoUserId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: demoUserId,
      email: DEMO_MEMBER.email,
      name: DEMO_MEMBER.name,
      customUserId: DEMO_MEMBER.customUserId,
      picture: DEMO_MEMBER.picture,
      canInvite: true,
    });
    await tx.insert(invitations).values([
      { code: inviteCode(), createdBy: demoUserId, maxUses: 5 },
      { code: inviteCode(), createdBy: demoUserId, maxUses: 1 },
      { code: inviteCode(), createdBy: demoUserId, maxUses: 1, usedCount: 1 },
      { code: inviteCode(), createdBy: demoUserId, maxUses: 1, isActive: false },
    ]);
  });
  return { demoUserId };
}

function inviteCode(): string {
  // Unambiguous characters only (no 0/O, 1/I/L).
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Makes the demo tracks' audio one by one and inserts each track as soon as its MP3 is stored, so the
 * catalogue fills while the server already answers. Tracks already present are skipped, so an
 * interrupted first start resumes where it stopped.
 *
 * The dictionary's work (the offline writer's scripts and the claims) is done first for every track and
 * the search readings last, with `phases` ending each helper when its part is over: the dictionary
 * (about 300 MB) and the render helper never run side by side on the first start, which a small server's
 * memory could not hold together with the web process (issue 37.6).
 */
export async function seedDemoTracks(opts: {
  db: Db;
  storage: StorageProvider;
  japanese: JapaneseEngine;
  render: RenderFn;
  demoUserId: string;
  log: Log;
  signal?: AbortSignal;
  phases?: { written(): Promise<void>; spoken(): Promise<void> };
}) {
  const { db, storage, japanese, render, demoUserId, log } = opts;
  const done = await existingFilenames(db, DEMO_TRACKS.map(filenameOf));
  const todo = DEMO_TRACKS.filter((t) => !done.has(filenameOf(t)));
  if (todo.length === 0) return;
  const total = DEMO_TRACKS.length;
  // The same pipeline as a member's published track: the offline writer's dialogue (issue 25) and the
  // claims the offline check finds (issue 25.2), then two hosts, -16 LUFS, 64 and 128 kbit/s.
  const written: { t: DemoTrack; script: string; claims: Claim[] }[] = [];
  for (const t of todo) {
    if (opts.signal?.aborted) return;
    const script = await writeDialogue(japanese, t.text, t.title);
    written.push({ t, script, claims: await detectedClaims(japanese, script) });
  }
  await opts.phases?.written();
  let n = done.size;
  const inserted: number[] = [];
  for (const { t, script, claims } of written) {
    if (opts.signal?.aborted) return;
    n += 1;
    log.info(`making demo audio: ${n} of ${total} (${t.title})`);
    const { mp3, duration, mp3Hq, lines, voicedBy, voiceCredit } = await render(script);
    await storage.put(audioKey(filenameOf(t)), mp3);
    if (mp3Hq) await storage.put(hqAudioKey(filenameOf(t)), mp3Hq);
    const index = DEMO_TRACKS.indexOf(t);
    const [row] = await db
      .insert(tracks)
      .values({
        title: t.title,
        filename: filenameOf(t),
        duration,
        fileSize: mp3.length,
        createdBy: t.official ? OFFICIAL_ACCOUNT.id : demoUserId,
        userId: t.official ? OFFICIAL_ACCOUNT.id : demoUserId,
        category: t.category,
        script,
        transcript: lines ?? null,
        voicedBy: voicedBy ?? null,
        voiceCredit: voiceCredit ?? null,
        claims,
        hqFilename: mp3Hq ? filenameOf(t) : null,
        isPremiumOnly: DEMO_PREMIUM_ONLY.has(t.key),
        // Spread over the last weeks so the recommendation score has ages to work with.
        uploadedAt: new Date(Date.now() - (DEMO_TRACKS.length - index) * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: tracks.id });
    if (row) inserted.push(row.id);
    await trackChanged(db, null);
  }
  await opts.phases?.spoken();
  // Their readings for search by reading, as every writer of tracks does.
  for (const id of inserted) await refreshSearchReadings(db, japanese, id);
  log.info(`demo audio ready: ${total} tracks`);
}

const filenameOf = (t: DemoTrack) => `${t.key}.mp3`;

/**
 * The demo's premium-only tracks (issue 40.5): two of the official channel's, so a newcomer sees the mark
 * and a free member's tap opens /premium. Chosen here rather than in seed-content.ts, whose texts key the
 * kept demo audio (scripts/serve-e2e.mjs): marking a track does not speak it again. Not the demo member's
 * own (their feed and My Page list every one of theirs), nor one a journey names.
 */
export const DEMO_PREMIUM_ONLY: ReadonlySet<string> = new Set(['demo-01', 'demo-02']);

export async function demoUserExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, OFFICIAL_ACCOUNT.id));
  return rows.length > 0;
}
