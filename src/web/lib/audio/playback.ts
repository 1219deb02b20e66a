import { AUTO_NEXT_DELAY_MS, STORAGE_KEYS, TRACK_LOAD_DELAY_MS } from '@shared/constants';
import { describeMediaError, describePlayRejection } from '@shared/rules/playback-errors';
import { skipTarget } from '@shared/rules/player-media';
import { writeStored } from '../storage';
import type { ListeningTracker } from './listening';
import type { MediaSessionBridge } from './media-session';
import type { PlayCounter } from './play-counter';
import { type EngineCore, type PlayerSnapshot, sourceOf } from './player-state';
import type { NextTrackPreparer } from './prepared-track';

/** A load that has shown no sign of readiness after this long is reported as a network problem. */
export const LOAD_TIMEOUT_MS = 20_000;

/**
 * The speaking element: loading a selected track (or swapping in the prepared one), the transport
 * (play, pause, seek, speed) and what the element's events mean for the snapshot (listener spec §4).
 */
export class Playback {
  private readyTimer: ReturnType<typeof setTimeout> | undefined;
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private autoNextTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set when the listener (or PWA autoplay) wants sound before any track is cued. */
  autoplayRequested = false;

  constructor(
    private readonly core: EngineCore,
    private readonly media: MediaSessionBridge,
    private readonly counter: PlayCounter,
    private readonly listening: ListeningTracker,
    private readonly preparer: NextTrackPreparer,
  ) {}

  /**
   * Selecting a track stops the current one and clears the source at once; 50 ms later the stream
   * loads and, unless only cued, plays (listener spec §4). A track already prepared in the standby
   * element has loaded: the elements swap and it plays at once (decision 0007).
   */
  select(index: number, { autoplay, direction = null }: { autoplay: boolean; direction?: PlayerSnapshot['direction'] }) {
    const { core } = this;
    const track = core.state.queue[index];
    if (!track) return;
    // Moving on into premium-only content a free listener may not hear: /premium, not a playback error (#40.2).
    if (autoplay && track.isPremiumOnly && core.state.index !== index && core.hooks.premiumRequired?.(track)) return;
    this.listening.report({ completed: false, leaving: false });
    this.clearTimers();
    this.counter.reset();
    this.autoplayRequested = false;
    const el = core.el;
    if (el) {
      el.pause();
      if (el.hasAttribute('src')) {
        el.removeAttribute('src');
        el.load();
      }
    }
    const loadId = core.state.loadId + 1;
    this.listening.startLoad();
    const swap = this.preparer.swapIn(track.id);
    core.set({ index, track, loadId, direction, isReady: false, isPlaying: false, currentTime: 0, duration: track.duration, error: null });
    this.media.showTrack();
    this.listening.lookUpResume(track, loadId);
    if (swap && core.el) {
      const now = core.el;
      now.defaultPlaybackRate = core.state.rate;
      now.playbackRate = core.state.rate;
      this.syncDuration();
      this.listening.applyPendingResume();
      // HAVE_FUTURE_DATA: it can play now; otherwise its canplay is still to come.
      if (now.readyState >= 3) this.markReady();
      else this.watchLoad(loadId);
      if (autoplay) this.play();
      return;
    }
    this.loadTimer = setTimeout(() => {
      if (!core.el || core.state.loadId !== loadId) return;
      core.el.src = sourceOf(track, core.hooks.highQuality?.() ?? false);
      core.el.defaultPlaybackRate = core.state.rate;
      core.el.playbackRate = core.state.rate;
      core.el.load();
      this.watchLoad(loadId);
      if (autoplay) this.play();
    }, TRACK_LOAD_DELAY_MS);
  }

  play() {
    const { core } = this;
    const el = core.el;
    if (!el || !core.state.track) return;
    // No source yet, or the source failed: play means load it (again).
    if (!core.hasSource() || (core.state.error && !core.state.isReady)) {
      this.select(core.state.index, { autoplay: true });
      return;
    }
    const loadId = core.state.loadId;
    el.play().catch((e: unknown) => {
      const problem = describePlayRejection(e instanceof DOMException ? e.name : undefined);
      if (!problem || core.state.loadId !== loadId) return;
      console.error(`[player] track ${core.state.track?.id}: ${problem.log}`, e);
      core.set({ isPlaying: false, error: problem.message, ...(problem.notReady ? { isReady: false } : {}) });
    });
  }

  /** Seeks to a time in seconds, inside the track. */
  seekTo(seconds: number) {
    const { core } = this;
    const el = core.el;
    const duration = core.knownDuration();
    if (!el || !duration || !core.hasSource() || !Number.isFinite(seconds)) return;
    const t = Math.min(Math.max(0, seconds), duration);
    this.listening.cancelResume();
    el.currentTime = t;
    core.set({ currentTime: t });
    this.media.updatePosition();
  }

  /** Moves by `offset` seconds (backwards when negative), inside the track. */
  skip(offset: number) {
    const el = this.core.el;
    if (!el) return;
    this.seekTo(skipTarget(el.currentTime, offset, this.core.knownDuration()));
  }

  setRate(requested: number) {
    const { core } = this;
    const rate = core.hooks.decideRate ? core.hooks.decideRate(requested) : requested;
    if (core.el) {
      core.el.defaultPlaybackRate = rate;
      core.el.playbackRate = rate;
    }
    this.preparer.setRate(rate);
    writeStored('local', STORAGE_KEYS.playbackRate, String(rate));
    core.set({ rate });
    this.media.updatePosition();
    core.hooks.onRateChosen?.(rate);
  }

  // ——— what the speaking element's events mean ———

  syncDuration() {
    const d = this.core.el?.duration;
    if (d && Number.isFinite(d) && d > 0 && d !== this.core.state.duration) this.core.set({ duration: d });
    this.media.updatePosition();
  }

  markReady() {
    if (!this.core.hasSource()) return;
    clearTimeout(this.readyTimer);
    if (!this.core.state.isReady) this.core.set({ isReady: true, error: null });
  }

  onPlaying() {
    this.core.set({ isPlaying: true, error: null });
    this.listening.markPosition(this.core.el?.currentTime ?? null);
    this.counter.playing();
    this.media.setPlaybackState('playing');
    this.media.updatePosition();
    this.preparer.prepareNext();
  }

  onPaused() {
    this.onStopped(false);
    this.media.setPlaybackState('paused');
    this.media.updatePosition();
    // At the end the element pauses first and then ends: the end reports that stretch as completed.
    if (!this.core.el?.ended) this.listening.report({ completed: false, leaving: false });
  }

  onEnded(next: () => void) {
    const { core } = this;
    this.listening.onEnded();
    this.onStopped(true);
    this.media.setPlaybackState('paused');
    this.listening.report({ completed: true, leaving: false });
    // Outside a playlist the catalogue plays on, wrapping to the first (L-4.2-03, L-4.2-04); in a
    // playlist playback stops at the end of the last track.
    const { queue, playlist, index, loadId } = core.state;
    if (queue.length < 2) return;
    if (playlist && index >= queue.length - 1) return;
    this.autoNextTimer = setTimeout(() => {
      if (core.state.loadId === loadId) next();
    }, AUTO_NEXT_DELAY_MS);
  }

  /**
   * A failed load: the message. An interlude that fails (a segue not made in time) plays its fallback (a
   * short spoken bridge of its length, so a programme keeps its length, #40.2); one without, or whose
   * fallback fails too, is passed over for the next entry.
   */
  onMediaError(next?: () => void) {
    const { core } = this;
    const el = core.el;
    if (!el || !core.hasSource()) return;
    const fallback = core.state.track?.interlude?.fallbackUrl;
    if (fallback && el.getAttribute('src') !== fallback) {
      el.src = fallback;
      el.load();
      this.watchLoad(core.state.loadId);
      this.play();
      return;
    }
    const problem = describeMediaError(el.error?.code);
    console.error(`[player] track ${core.state.track?.id}: ${problem.log}${el.error?.message ? ` (${el.error.message})` : ''}`);
    clearTimeout(this.readyTimer);
    this.counter.stop();
    this.media.setPlaybackState('paused');
    core.set({ isPlaying: false, ...(problem.notReady ? { isReady: false } : {}), ...(problem.message ? { error: problem.message } : {}) });
    if (core.state.track?.interlude && core.state.index < core.state.queue.length - 1) next?.();
  }

  clearTimers() {
    clearTimeout(this.readyTimer);
    clearTimeout(this.loadTimer);
    clearTimeout(this.autoNextTimer);
    this.counter.cancel();
  }

  private onStopped(ended: boolean) {
    this.counter.stop();
    if (this.core.state.isPlaying || ended) this.core.set({ isPlaying: false });
  }

  /** A load that never becomes ready (a stalled network) ends as a network problem, never a spinner forever. */
  private watchLoad(loadId: number) {
    const { core } = this;
    clearTimeout(this.readyTimer);
    this.readyTimer = setTimeout(() => {
      if (core.state.loadId !== loadId || core.state.isReady || core.state.error) return;
      const problem = describeMediaError(2);
      console.error(`[player] track ${core.state.track?.id}: ${problem.log} (not ready after ${LOAD_TIMEOUT_MS} ms)`);
      core.set({ isPlaying: false, error: problem.message });
    }, LOAD_TIMEOUT_MS);
  }
}
