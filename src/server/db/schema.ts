import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Claim } from '../../shared/schemas/creation';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A required reference to a member, a track or a playlist: the row goes with the one it points to. */
const userRef = (column: string) =>
  text(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const trackRef = (column: string) =>
  integer(column)
    .notNull()
    .references(() => tracks.id, { onDelete: 'cascade' });
const playlistRef = (column: string) =>
  integer(column)
    .notNull()
    .references(() => playlists.id, { onDelete: 'cascade' });

/** Members and the official account (id 'mugen'). Identity is issuer + subject (Google OIDC). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    name: text('name').notNull(),
    picture: text('picture'),
    customUserId: text('custom_user_id'),
    xHandle: text('x_handle'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    isPremium: boolean('is_premium').notNull().default(false),
    premiumStartDate: timestamp('premium_start_date', { withTimezone: true }),
    premiumEndDate: timestamp('premium_end_date', { withTimezone: true }),
    totalPremiumMonths: integer('total_premium_months').notNull().default(0),
    /** A pause in force until then: no premium and no billing (issue 17; features/premium/rule.ts). */
    premiumPausedUntil: timestamp('premium_paused_until', { withTimezone: true }),
    /** When the member used their one pause (once per lifetime); never cleared. */
    premiumPauseUsedAt: timestamp('premium_pause_used_at', { withTimezone: true }),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    canInvite: boolean('can_invite').notNull().default(false),
    accessStatus: text('access_status').notNull().default('approved'),
    invitedWith: integer('invited_with'),
    /**
     * The name's reading for search by reading (features/search/readings.ts): kuromoji's reading,
     * NFKC, lower-cased, katakana as hiragana. NULL until the app computes it; a trigger sets it back to
     * NULL when the name changes (migration 0012, decision 0019).
     */
    nameReading: text('name_reading'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_name_reading_missing_idx').on(t.id).where(sql`${t.nameReading} is null`),
    uniqueIndex('users_custom_user_id_lower_idx').on(sql`lower(${t.customUserId})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_idx').on(t.oidcIssuer, t.oidcSubject),
    check('users_access_status_check', sql`${t.accessStatus} in ('approved', 'pending', 'denied')`),
  ],
);
/** A member's row: the one row type of the users table (features/users/queries.ts reads it, the guards hand it on). */
export type UserRow = typeof users.$inferSelect;

/** Sign-in sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    // Set null rather than cascade: a session whose user was removed by an admin answers user_not_found.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    deviceInfo: text('device_info'),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Cookie-consent records sent by the browser (POST /api/session). */
export const consentSessions = pgTable('consent_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  cookieConsent: boolean('cookie_consent').notNull(),
  analyticsConsent: boolean('analytics_consent').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    usedCount: integer('used_count').notNull().default(0),
    maxUses: integer('max_uses').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_idx').on(t.code),
    check('invitations_used_check', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.maxUses}`),
  ],
);

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

export const likes = pgTable(
  'likes',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    trackId: trackRef('track_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('likes_user_track_idx').on(t.userId, t.trackId), index('likes_track_idx').on(t.trackId)],
);

export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    followerId: userRef('follower_id'),
    followingId: userRef('following_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_idx').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    category: text('category').notNull().default('その他'),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(true),
    publicSlug: text('public_slug'),
    impressionCount: integer('impression_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('playlists_user_idx').on(t.userId), uniqueIndex('playlists_user_slug_idx').on(t.userId, t.publicSlug)],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    id: serial('id').primaryKey(),
    playlistId: playlistRef('playlist_id'),
    trackId: trackRef('track_id'),
    order: integer('order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('playlist_items_track_idx').on(t.playlistId, t.trackId), index('playlist_items_order_idx').on(t.playlistId, t.order)],
);

export const playlistFollows = pgTable(
  'playlist_follows',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    playlistId: playlistRef('playlist_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('playlist_follows_pair_idx').on(t.userId, t.playlistId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    type: text('type').notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    bundleCount: integer('bundle_count').notNull().default(1),
    isRead: boolean('is_read').notNull().default(false),
    /** When web push delivery was done for the current bundle; null = still to push. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unpushed_idx').on(t.id).where(sql`pushed_at is null`),
  ],
);

export const listeningHistory = pgTable(
  'listening_history',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    trackId: trackRef('track_id'),
    duration: real('duration').notNull().default(0),
    progressPercent: real('progress_percent').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('listening_history_user_idx').on(t.userId, t.createdAt)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_idx').on(t.name)],
);

/** Small facts about this installation, e.g. that the demo seed has completed. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** An OpenID Connect sign-in in flight, keyed by its state; deleted when used, so a code cannot be replayed. */
export const authFlows = pgTable('auth_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect'),
  invitationCode: text('invitation_code'),
  payment: boolean('payment').notNull().default(false),
  createdAt: createdAt(),
});

/** Web push subscriptions of members' devices; removed when the push service says 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Generations a member used on one Asia/Tokyo calendar day (YYYY-MM-DD). One row per member and day;
 * its count moves by a conditional upsert, so concurrent requests can never pass the daily limit.
 */
export const creationUsage = pgTable(
  'creation_usage',
  {
    userId: userRef('user_id'),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('creation_usage_count_check', sql`${t.count} >= 0`)],
);

/**
 * The model calls of the creation page's script writer (generate-script, regenerate-script), counted
 * per member (issue 24.7): one row each, the Asia/Tokyo day with its count and the current clock minute
 * (minutes since the epoch) with its count. A call is taken by one conditional upsert, atomically.
 */
export const scriptUsage = pgTable(
  'script_usage',
  {
    userId: userRef('user_id').primaryKey(),
    day: text('day').notNull(),
    dayCount: integer('day_count').notNull().default(0),
    minute: integer('minute').notNull(),
    minuteCount: integer('minute_count').notNull().default(0),
  },
  (t) => [check('script_usage_counts_check', sql`${t.dayCount} >= 0 and ${t.minuteCount} >= 0`)],
);

/** Spoken previews of the creation page: the member's own, kept one hour, then deleted with their file. */
export const creationPreviews = pgTable(
  'creation_previews',
  {
    filename: text('filename').primaryKey(),
    userId: userRef('user_id'),
    title: text('title').notNull(),
    script: text('script').notNull(),
    duration: real('duration').notNull(),
    speakingRate: real('speaking_rate').notNull(),
    /**
     * The publishing task this preview was claimed by (set at publish, with the row locked): a second
     * publish of the same preview answers this task instead of making a second track.
     */
    taskId: integer('task_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('creation_previews_user_idx').on(t.userId),
    index('creation_previews_expires_idx').on(t.expiresAt),
    uniqueIndex('creation_previews_task_idx').on(t.taskId),
  ],
);

/**
 * The fact check the server made of a script it wrote for a member (generate-script, regenerate-script),
 * by the script's SHA-256: publishing that exact script keeps its claims and their sources with the
 * track; an edited script is checked offline instead. Kept a day (decision 0028).
 */
export const scriptChecks = pgTable(
  'script_checks',
  {
    userId: userRef('user_id'),
    scriptHash: text('script_hash').notNull(),
    claims: jsonb('claims').$type<Claim[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scriptHash] }), index('script_checks_created_idx').on(t.createdAt)],
);

/**
 * The durable task queue (docs/decisions/0015-creation.md, "Queue leases"): each row is a job and its state, claimed by a worker with
 * FOR UPDATE SKIP LOCKED under a lease (an expired lease makes it claimable again), retried with
 * backoff, progress and stage written as it goes. Members' publications and the admin's generations
 * are both tasks.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The job's input, validated by its job's versioned schema (defineJob, src/server/jobs/registry.ts). */
    payload: jsonb('payload').notNull(),
    payloadVersion: integer('payload_version').notNull().default(1),
    status: text('status').notNull().default('queued'),
    stage: text('stage'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    errorMessage: text('error_message'),
    result: jsonb('result'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The theme an operator's generation task speaks (admin console, issue 18). */
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    /** What a stage found that the console shows: grounding, the fact-check result (issue 18). */
    stageData: jsonb('stage_data'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_claim_idx').on(t.status, t.runAfter),
    index('tasks_user_idx').on(t.userId),
    index('tasks_theme_idx').on(t.themeId),
    check('tasks_status_check', sql`${t.status} in ('queued', 'processing', 'completed', 'failed', 'cancelled')`),
    check('tasks_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= 100`),
  ],
);

/**
 * A member's monthly premium subscription (issue 17, docs/decisions: premium), one row per member: which payment
 * provider holds it (Stripe, or the offline demo checkout), its ids there, and its state here. The
 * provider is the source of truth: this row follows what it confirms (upgrade, webhooks, re-reads).
 * status: incomplete (first payment pending), active (renews at currentPeriodEnd), cancelling (ends at
 * currentPeriodEnd), paused (until users.premiumPausedUntil, then billing and premium resume), ended.
 */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    status: text('status').notNull().default('incomplete'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Counts the subscriptions started for this member: the idempotency key of the next creation. */
    generation: integer('generation').notNull().default(0),
    /** The creation time of the newest provider event applied: an older one arriving later is ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** When the member was told that their pause ends in 3 days (null: not yet). */
    resumeNoticeAt: timestamp('resume_notice_at', { withTimezone: true }),
    /** The scheduled task that resumes the paused subscription (claimed once). */
    resumeTaskId: integer('resume_task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('premium_subscriptions_subscription_idx').on(t.subscriptionId),
    uniqueIndex('premium_subscriptions_customer_idx').on(t.customerId),
    index('premium_subscriptions_status_idx').on(t.status, t.currentPeriodEnd),
    check('premium_subscriptions_provider_check', sql`${t.provider} in ('stripe', 'demo')`),
    check('premium_subscriptions_status_check', sql`${t.status} in ('incomplete', 'active', 'cancelling', 'paused', 'ended')`),
  ],
);

/**
 * The offline demo checkout's payment intents (never used in production nor with Stripe): Stripe's
 * shape (`pi_…`, a client secret `{id}_secret_{random}` of which only the SHA-256 is kept), confirmed by
 * POST /api/demo-checkout/confirm, or charged by the demo's own renewals.
 */
export const demoPaymentIntents = pgTable(
  'demo_payment_intents',
  {
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    secretHash: text('secret_hash').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    createdAt: createdAt(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** The end of the month this payment pays for (set when it succeeds). */
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (t) => [
    index('demo_payment_intents_user_idx').on(t.userId, t.createdAt),
    check('demo_payment_intents_status_check', sql`${t.status} in ('requires_payment_method', 'succeeded', 'canceled')`),
  ],
);

/**
 * Every subscription payment that granted premium, once: the key of idempotency of
 * POST /api/user/upgrade-premium and of the webhooks (a repeat adds no month). The id is the payment
 * intent's (pi_…), or the invoice's (in_…) for a paid invoice that needed no payment (a zero total).
 */
export const premiumPayments = pgTable(
  'premium_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    userId: userRef('user_id'),
    provider: text('provider').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('premium_payments_user_idx').on(t.userId)],
);

/** Stripe webhook events already handled (their ids), so a replay changes nothing; swept after 30 days. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);

/**
 * Themes for the operators' generation (admin console テーマ管理, issue 18): extracted from a YouTube
 * video by the script writer, or written by hand. pending (審査中) → approved (採用) or rejected (不採用).
 */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    perspective: text('perspective').notNull().default(''),
    content: text('content').notNull(),
    status: text('status').notNull().default('pending'),
    youtubeUrl: text('youtube_url'),
    youtubeTitle: text('youtube_title'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('themes_status_idx').on(t.status, t.createdAt),
    check('themes_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Messages sent with the contact form (issue 19): stored first, then mailed to the operator by the task
 * queue when SMTP is configured. status: pending (not mailed yet, or no SMTP), sent, failed (gave up).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_subject_check', sql`${t.subject} in ('premium', 'technical', 'billing', 'cancellation', 'account', 'other')`),
    check('contact_messages_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Rate-limit and sign-in counters shared by every app instance (issue 24): one row per key (limit kind
 * and client), the hits of the current window and when it ends. A row whose window is over counts from 1
 * again; rows long past their window are swept. With REDIS_URL the counters live in Redis instead.
 * The migration also adds the trigger that announces every ended session (live-sessions.ts).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);

/**
 * The operator's reading dictionary (issue 25.3, decision 0029): a word as written in scripts (NFKC)
 * and the katakana every voice that can take it reads for it (the offline voice's kana, VOICEVOX's user
 * dictionary, kana substitution for the cloud voices).
 */
export const readingEntries = pgTable('reading_entries', {
  id: serial('id').primaryKey(),
  surface: text('surface').notNull().unique(),
  reading: text('reading').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A listener's report that a transcript line of a track is misread (読み間違いを報告). One per member
 * and line; `resolvedAt` is set when the track's audio is made again after it (the operator's fix).
 */
export const readingReports = pgTable(
  'reading_reports',
  {
    id: serial('id').primaryKey(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** The 0-based index of the line in the track's transcript. */
    line: integer('line').notNull(),
    /** The line's text when it was reported. */
    text: text('text').notNull(),
    note: text('note'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The regeneration task the operator started for it, when there is one. */
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reading_reports_member_line_idx').on(t.trackId, t.line, t.userId),
    index('reading_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * The hosts' spoken bridge from one track into the next (あと N 分, issue 28.2, decision 0034), made once
 * per pair and kept: `toTrackId` null is the closing after `fromTrackId`. A row is `pending` from the
 * programme that first needs it until its task (make-segue) has stored the audio at `storageKey`.
 */
export const segues = pgTable(
  'segues',
  {
    id: serial('id').primaryKey(),
    fromTrackId: trackRef('from_track_id'),
    toTrackId: integer('to_track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    /** Seconds, measured on the stored MP3 (fitted to the planned length). */
    duration: real('duration').notNull().default(0),
    fileSize: integer('file_size').notNull().default(0),
    /** What the hosts say, as a two-host script. */
    script: text('script'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('segues_pair_idx').on(t.fromTrackId, sql`coalesce(${t.toTrackId}, 0)`),
    index('segues_to_idx').on(t.toTrackId),
    check('segues_status_check', sql`${t.status} in ('pending', 'ready')`),
  ],
);
