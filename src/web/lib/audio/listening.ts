import { listenedStep, listeningReport, resumePosition } from '@shared/rules/player-history';
import type { MediaSessionBridge } from './media-session';
import type { EngineCore, QueueTrack } from './player-state';

/** An entry whose start is not where its history left it: an interlude, or a programme's track. */
const playsFromStart = (track: QueueTrack) => Boolean(track.interlude || track.fromStart);

/**
 * Listening reports and resume: counts the seconds heard of the current load, reports each stretch
 * (hooks.onListened), and starts a track where the listener left it (hooks.resumePosition).
 */
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export class ListeningTracker {
  /** Seconds heard since the last history report of this load, and the last position read. */
  private listened = 0;
  private lastPosition: number | null = null;
  /** When the last position was read (performance.now(), ms). */
  private lastReadAt = 0;
  /** Where a track starts, as far as known (the hook's answers and this session's own reports). */
  private readonly resumeCache = new Map<number, number | null>();
  /** A start position waiting for the current load's metadata. */
  private pendingResume: { loadId: number; at: number } | null = null;

  constructor(
    private readonly core: EngineCore,
    private readonly media: MediaSessionBridge,
  ) {}

  /** A new load: nothing heard yet, no start position waiting. */
  startLoad() {
    this.listened = 0;
    this.lastPosition = null;
    this.pendingResume = null;
  }

  /** The position the element plays from now (playing, or after a seek). */
  markPosition(at: number | null) {
    this.lastPosition = at;
    this.lastReadAt = now();
  }

  /** The seconds heard since the last reading, judged against the wall clock between the readings. */
  private step(el: HTMLMediaElement): number {
    const t = now();
    const heard = listenedStep(this.lastPosition, el.currentTime, { seconds: (t - this.lastReadAt) / 1000, rate: el.playbackRate || 1 });
    this.lastPosition = el.currentTime;
    this.lastReadAt = t;
    return heard;
  }

  /** The listener moved the position: the start position no longer applies. */
  cancelResume() {
    this.pendingResume = null;
  }

  /** While playing, the seconds since the last position read count as heard. */
  onTimeUpdate() {
    const el = this.core.el;
    if (!el) return;
    if (!el.paused && !el.seeking) this.listened += this.step(el);
    this.core.set({ currentTime: el.currentTime });
  }

  /** The end: the last seconds count before the stretch is reported as completed. */
  onEnded() {
    const el = this.core.el;
    if (el) this.listened += this.step(el);
  }

  report({ completed, leaving }: { completed: boolean; leaving: boolean }) {
    const { core } = this;
    const { track } = core.state;
    const el = core.el;
    // An interlude (a programme's segue) is no catalogue track: nothing to report.
    if (!track || !el || !core.hasSource() || track.interlude) {
      this.listened = 0;
      return;
    }
    // Playing still (the page is being hidden or left): the seconds since the last timeupdate were heard too.
    if (!completed && !el.paused && !el.seeking) this.listened += this.step(el);
    const duration = core.knownDuration();
    const report = listeningReport({
      trackId: track.id,
      listened: this.listened,
      position: completed ? duration : el.currentTime,
      duration,
      completed,
    });
    if (!report) return;
    this.listened = 0;
    this.resumeCache.set(track.id, resumePosition(report, duration));
    try {
      core.hooks.onListened?.(report, { leaving });
    } catch (e) {
      console.error('[player] listening history not sent', e);
    }
  }

  /** Asks ahead where a track that is being prepared would start. */
  prefetchResume(track: QueueTrack) {
    const hook = this.core.hooks.resumePosition;
    if (playsFromStart(track) || this.resumeCache.has(track.id) || !hook) return;
    Promise.resolve(hook(track.id, track.duration))
      .then((at) => {
        if (!this.resumeCache.has(track.id)) this.resumeCache.set(track.id, at);
      })
      .catch(() => {});
  }

  /** Finds where the load of `track` starts: from the cache, or asked of the hook. */
  lookUpResume(track: QueueTrack, loadId: number) {
    if (track.startAt) {
      this.resumeAt(loadId, track.startAt);
      return;
    }
    if (playsFromStart(track)) return;
    if (this.resumeCache.has(track.id)) {
      this.resumeAt(loadId, this.resumeCache.get(track.id) ?? null);
      return;
    }
    const hook = this.core.hooks.resumePosition;
    if (!hook) return;
    let answer: ReturnType<typeof hook>;
    try {
      answer = hook(track.id, track.duration);
    } catch (e) {
      console.error('[player] resume position unavailable', e);
      return;
    }
    if (answer === null || typeof answer === 'number') {
      this.resumeCache.set(track.id, answer);
      this.resumeAt(loadId, answer);
      return;
    }
    answer.then(
      (at) => {
        if (!this.resumeCache.has(track.id)) this.resumeCache.set(track.id, at);
        this.resumeAt(loadId, at);
      },
      (e: unknown) => console.error('[player] resume position unavailable', e),
    );
  }

  /** Starts the load at `at` seconds, unless the listener has already moved or played on. */
  private resumeAt(loadId: number, at: number | null) {
    if (at == null || at <= 0 || this.core.state.loadId !== loadId) return;
    if (this.core.state.currentTime > 1 || this.listened > 0) return;
    this.pendingResume = { loadId, at };
    this.applyPendingResume();
  }

  /** Applies the waiting start position once the element knows its metadata. */
  applyPendingResume() {
    const { core } = this;
    const el = core.el;
    const p = this.pendingResume;
    if (!el || !p || p.loadId !== core.state.loadId || !core.hasSource() || el.readyState < 1) return;
    this.pendingResume = null;
    if (el.currentTime > 1) return;
    el.currentTime = p.at;
    this.markPosition(p.at);
    core.set({ currentTime: p.at });
    this.media.updatePosition();
  }
}
