/** Business constants of the spec (listener spec §9, creator spec §9). Timings in milliseconds. */
export const PRODUCT_NAME = 'Mugen';
export const PRODUCT_NAME_JA = '無限';
/** The site's name in titles, cards and the media session: 無限 Mugen. */
export const SITE_NAME = `${PRODUCT_NAME_JA} ${PRODUCT_NAME}`;
export const OFFICIAL_ID = 'mugen';
export const OFFICIAL_CREATED_BY = ['mugen', 'mugen_official'] as const;
export const OFFICIAL_AVATAR = '∞';

/** The largest value of a PostgreSQL integer (serial ids, counters); `IntId` in schemas/common.ts is bounded by it. */
export const INT32_MAX = 2_147_483_647;

/** One day in milliseconds: the one definition every day count in the tree uses. */
export const DAY_MS = 86_400_000;

/** The two hosts of every talk track, in the order they speak first: their names in scripts, voices and prompts. */
export const HOST_NAMES = ['ハルカ', 'ケンタ'] as const;
export type HostName = (typeof HOST_NAMES)[number];

export const DEFAULT_TRACK_ID = 74;
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;
export const AUTO_NEXT_DELAY_MS = 500;
export const TRACK_LOAD_DELAY_MS = 50;
export const PLAY_COUNT_AFTER_MS = 3000;
export const AUTOPLAY_DELAY_MS = 2000;
export const SWIPE_MIN_DISTANCE_PX = 100;
export const SWIPE_MAX_DURATION_MS = 500;
export const MARQUEE_TITLE_THRESHOLD = 18;
export const RECOMMENDED_COUNT = 20;

export const TRIAL_HOURS = 24;
/** Local premium (set by the browser, e.g. after a purchase) lasts one calendar month. */
export const LOCAL_PREMIUM_MONTHS = 1;
export const PLAYLIST_LIMIT_FREE = 10;
export const PLAYLIST_LIMIT_PREMIUM = 100;
export const DAILY_LIMIT_FREE = 3;
export const DAILY_LIMIT_PREMIUM = 10;
/**
 * The script writer's model calls (generate-script and regenerate-script together) per member: per
 * Asia/Tokyo day, 30 free and 100 premium, and at most 5 in any clock minute (issue 24.7, decision 0026).
 */
export const SCRIPT_CALLS_DAILY_FREE = 30;
export const SCRIPT_CALLS_DAILY_PREMIUM = 100;
export const SCRIPT_CALLS_PER_MINUTE = 5;

export const KEYBOARD_THRESHOLD_PX = 150;
export const MINI_PLAYER_WIDTH_PX = 120;
export const TOOLTIP_DELAY_MS = 700;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** localStorage / sessionStorage keys (listener spec §3, client-side stored items). */
export const STORAGE_KEYS = {
  sessionId: 'mugen_session_id',
  cookieConsent: 'mugen_cookie_consent',
  analyticsConsent: 'mugen_analytics_consent',
  theme: 'mugen_theme',
  playbackRate: 'mugen_playback_rate',
  /** 'true' while the browser holds a premium membership (a cached server answer or local premium). */
  premium: 'mugen_premium',
  /** The premium end date (ISO 8601) that goes with the premium flag. */
  premiumExpiry: 'mugen_premium_expiry',
  /** The 30-day display fallback after a paid checkout whose upgrade or check failed (ISO 8601 end). */
  premiumFallback: 'mugen_premium_fallback',
  /** The tracks a premium member keeps for offline playback (their details; the audio is in Cache Storage). */
  offlineTracks: 'mugen_offline_tracks',
  /** The 2x trial's end (epoch ms) and start (epoch ms); both cleared when the trial ends. */
  trialExpiry: 'mugen_trial_expiry',
  trialStart: 'mugen_trial_start',
  /** Kept after the trial is cleared, so the one-time trial is not offered again (decision 0008). */
  trialUsed: 'mugen_trial_used',
  /** The mini player: whether the bar is minimised and where the card was left ({ minimised, x, y }). */
  miniPlayer: 'mugen_mini_player',
  /** The あと N 分 programme playing (its queue, entry and position), so a reload resumes it (#40.2). */
  programme: 'mugen_programme',
  persistedUserId: 'mugen_user_id',
  /** The operator's username when 「ログイン情報を保存」 was ticked (never the password or a token). */
  adminUsername: 'mugen_admin_username',
  returnPath: 'returnPath',
  invitationCode: 'invitationCode',
} as const;

/** Search (listener spec §2, §9): the box waits 300 ms after the last keystroke; results come 20 at a time. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 20;

/** GET /api/tracks: tracks per page by default, and at most. */
export const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 1000;

/**
 * Spoken lines kept for re-use (issue 37.4): under DATA_DIR/cache/lines, at most 200 MB (about 70 minutes
 * of Open JTalk's 24 kHz speech), the least recently used removed first.
 */
export const LINE_CACHE_DIR = 'cache/lines';
export const LINE_CACHE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * A track's stats for its creator and the operator (issue 40.3, decision 0047): plays by Japan day over
 * the last 30 days (today included), and where listeners stop in tenths of the track.
 */
export const TRACK_STATS_DAYS = 30;
export const TRACK_STATS_STOP_BUCKETS = 10;

/**
 * 「ホストに質問」 (issue 39.1, decision 0044): the longest question, the questions a member may ask per
 * Japan day (free, premium) and per minute, and the most lines the hosts answer in.
 */
export const QUESTION_MAX = 300;
export const QUESTIONS_PER_DAY_FREE = 20;
export const QUESTIONS_PER_DAY_PREMIUM = 100;
export const QUESTIONS_PER_MINUTE = 3;
export const ANSWER_LINES_MAX = 4;
