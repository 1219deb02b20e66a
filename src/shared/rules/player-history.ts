/**
 * Listening history and resume (issue 4; listener spec §3 "Listening history: id, trackId, duration,
 * progressPercent, completed"). Thresholds are decisions of docs/decisions/0007-player-engine.md.
 */

/** A stretch of listening shorter than this is not recorded (a skip is not a listen), unless it ends the track. */
export const HISTORY_MIN_SECONDS = 5;
/** A track left before this position starts from the beginning next time. */
export const RESUME_MIN_SECONDS = 10;
/** A track left within this many seconds of its end starts from the beginning next time. */
export const RESUME_END_MARGIN_SECONDS = 10;
/** Resuming starts a little earlier than where the listener left, to pick up the sentence. */
export const RESUME_REWIND_SECONDS = 2;
/** localStorage key of the local resume list. */
export const LOCAL_RESUME_KEY = 'mugen_resume_positions';
/** How many tracks the local resume list (visitors, and the fallback for members) remembers. */
export const LOCAL_RESUME_LIMIT = 50;
/**
 * Between two time updates of a playing element (about 0.25 s, more in a throttled background page or at
 * 2x); a larger jump forward is a seek, not listening.
 */
const MAX_STEP_SECONDS = 4;

/**
 * Seconds heard between two readings of the playing position: the forward step when it is a step of
 * playback, 0 for a seek (a jump, or backwards) or an unknown previous reading. A step is playback when
 * it is at most 4 s, or, given the wall-clock seconds between the readings and the rate, when the
 * position moved no faster than playing would move it: a busy device that delivers its time updates
 * late (a long task, a loaded machine) still counts what was heard.
 */
export function listenedStep(previous: number | null, now: number, elapsed?: { seconds: number; rate: number }): number {
  if (previous == null || !Number.isFinite(previous) || !Number.isFinite(now)) return 0;
  const step = now - previous;
  if (!(step > 0)) return 0;
  if (step <= MAX_STEP_SECONDS) return step;
  if (elapsed && Number.isFinite(elapsed.seconds) && elapsed.seconds > 0 && step <= elapsed.seconds * Math.max(elapsed.rate, 0.1) + 1) {
    return step;
  }
  return 0;
}

export interface ListeningReport {
  trackId: number;
  /** Seconds of the track actually played in this stretch (not the position). */
  duration: number;
  progressPercent: number;
  completed: boolean;
}

/** Percent of the track where the listener is, 0..100 with two decimals; 100 when completed. */
export function progressPercent(position: number, duration: number, completed = false): number {
  if (completed) return 100;
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(position)) return 0;
  const p = (Math.min(Math.max(0, position), duration) / duration) * 100;
  return Math.round(p * 100) / 100;
}

/**
 * The history entry of a stretch, or null when there is nothing worth recording: fewer than
 * HISTORY_MIN_SECONDS heard and the track not finished.
 */
export function listeningReport(s: {
  trackId: number;
  listened: number;
  position: number;
  duration: number;
  completed: boolean;
}): ListeningReport | null {
  if (!s.completed && s.listened < HISTORY_MIN_SECONDS) return null;
  return {
    trackId: s.trackId,
    duration: Math.round(Math.min(Math.max(0, s.listened), 86_400) * 10) / 10,
    progressPercent: progressPercent(s.position, s.duration, s.completed),
    completed: s.completed,
  };
}

/**
 * Where to start a track from its last history entry: null (the beginning) when there is none, it was
 * completed, or the listener left it within the first RESUME_MIN_SECONDS or the last
 * RESUME_END_MARGIN_SECONDS; else a little before where they left.
 */
export function resumePosition(last: { progressPercent: number; completed: boolean } | null | undefined, duration: number): number | null {
  if (!last || last.completed || !Number.isFinite(duration) || duration <= 0) return null;
  const at = (Math.min(Math.max(0, last.progressPercent), 100) / 100) * duration;
  if (at < RESUME_MIN_SECONDS || at > duration - RESUME_END_MARGIN_SECONDS) return null;
  return Math.max(0, Math.round((at - RESUME_REWIND_SECONDS) * 10) / 10);
}

/** The local resume list: track id → where the listener was and whether they finished, newest last. */
export type LocalResume = Record<string, { p: number; c: boolean; t: number }>;

export function parseLocalResume(value: string | null | undefined): LocalResume {
  if (!value) return {};
  try {
    const v: unknown = JSON.parse(value);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: LocalResume = {};
    for (const [k, e] of Object.entries(v as Record<string, unknown>)) {
      const r = e as { p?: unknown; c?: unknown; t?: unknown };
      if (/^\d+$/.test(k) && typeof r?.p === 'number' && typeof r.c === 'boolean' && typeof r.t === 'number') {
        out[k] = { p: r.p, c: r.c, t: r.t };
      }
    }
    return out;
  } catch {
    return {};
  }
}

/** Remembers a report, keeping the LOCAL_RESUME_LIMIT most recent tracks. */
export function rememberLocally(list: LocalResume, report: ListeningReport, now: number): LocalResume {
  const next: LocalResume = { ...list, [String(report.trackId)]: { p: report.progressPercent, c: report.completed, t: now } };
  const keys = Object.keys(next).sort((a, b) => next[b].t - next[a].t);
  for (const k of keys.slice(LOCAL_RESUME_LIMIT)) delete next[k];
  return next;
}

export function localEntry(list: LocalResume, trackId: number): { progressPercent: number; completed: boolean } | null {
  const e = list[String(trackId)];
  return e ? { progressPercent: e.p, completed: e.c } : null;
}
