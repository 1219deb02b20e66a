import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Claim } from '../../../shared/schemas/creation';
import { updatedAt } from '../../db/tables/columns';
import { users } from '../users/tables';

// The tracks feature's table (re-exported by db/schema.ts).

export const tracks = pgTable(
  'tracks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    duration: real('duration').notNull().default(0),
    fileSize: integer('file_size').notNull().default(0),
    /** 'mugen' for the official channel, else the owner's user id. */
    createdBy: text('created_by'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    category: text('category'),
    script: text('script'),
    /**
     * When each line of the script is spoken (ms), for the transcript that follows playback, and how the
     * voice read it (katakana, issue 37.2; filled on first read for a track stored before readings were kept).
     */
    transcript: jsonb('transcript').$type<{ speaker: string; text: string; startMs: number; endMs: number; reading?: string }[]>(),
    /**
     * The script's claims (statistics, numbers and dates, attributions, superlatives), each pinned to its
     * script line with its status and sources, served with the transcript (issue 25.2, decision 0028).
     * NULL for a track stored before claims were kept.
     */
    claims: jsonb('claims').$type<Claim[]>(),
    /** The voice provider that spoke the track (offline, voicevox, google, openai); null for uploads and older tracks. */
    voicedBy: text('voiced_by'),
    /** The credit its voices' terms require wherever it is published (「VOICEVOX:四国めたん、VOICEVOX:青山龍星」), or null. */
    voiceCredit: text('voice_credit'),
    /** The 128 kbit/s variant premium members stream (same name, in audio-hq/), when one was made. */
    hqFilename: text('hq_filename'),
    isVisible: boolean('is_visible').notNull().default(true),
    isPremiumOnly: boolean('is_premium_only').notNull().default(false),
    playCount: integer('play_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    impressionCount: integer('impression_count').notNull().default(0),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The recommendation score without its clock, kept by a trigger with every counter (migration 0007):
     * (plays + likes×2 + impressions×0.5) × exp((uploaded − 2025-01-01) / 30 days). The score now is this
     * × exp(−(now − 2025-01-01) / 30 days) + the id's jitter, so its index walks tracks in the order of
     * their decayed engagement (features/tracks/service.ts, recommendedIds).
     */
    scoreBase: doublePrecision('score_base').notNull().default(0),
    /**
     * The readings of the title, category and script for search by reading (features/search/readings.ts):
     * kuromoji's reading of each word (a word without one as written), NFKC, lower-cased, katakana as
     * hiragana. NULL until the app computes it; a trigger sets one back to NULL when its text changes
     * without it (migration 0012, decision 0019). The grams index covers them with the texts.
     */
    titleReading: text('title_reading'),
    categoryReading: text('category_reading'),
    scriptReading: text('script_reading'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tracks_filename_idx').on(t.filename),
    index('tracks_readings_missing_idx')
      .on(t.id)
      .where(sql`${t.titleReading} is null or ${t.categoryReading} is null or ${t.scriptReading} is null`),
    index('tracks_score_idx').on(t.scoreBase.desc().nullsFirst(), t.id).where(sql`${t.isVisible}`),
    index('tracks_visible_uploaded_idx').on(t.isVisible, t.uploadedAt),
    index('tracks_user_idx').on(t.userId),
    check(
      'tracks_counts_check',
      sql`${t.playCount} >= 0 and ${t.likeCount} >= 0 and ${t.impressionCount} >= 0 and ${t.bookmarkCount} >= 0`,
    ),
  ],
);

/** A required reference to a track: the row goes with the track. */
export const trackRef = (column: string) =>
  integer(column)
    .notNull()
    .references(() => tracks.id, { onDelete: 'cascade' });
