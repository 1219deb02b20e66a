import { AUTO_NEXT_DELAY_MS, STORAGE_KEYS, TRACK_LOAD_DELAY_MS } from '@shared/constants';
import { clampFraction } from '@shared/rules/format';
import { gateCheck, gatePlaying, gateStopped, msUntilDue, newPlayCountGate, type PlayCountGate } from '@shared/rules/play-count';
import { describeMediaError, describePlayRejection } from '@shared/rules/playback-errors';
import { initialTrackIndex, nextIndex, nextPlaybackRate, previousIndex } from '@shared/rules/player';
import { type ListeningReport, listenedStep, listeningReport, resumePosition } from '@shared/rules/player-history';
import { MEDIA_SEEK_OFFSET_S, mediaMetadataFor, mediaPositionState, skipTarget } from '@shared/rules/player-media';
import { parseStoredRate } from '@shared/rules/player-storage';
import type { Track } from '@shared/schemas/track';
import { readStored, writeStored } from '../storage';

export interface PlayerSnapshot {
  /** The list the player walks through (the catalogue, in its order). */
  queue: readonly Track[];
  index: number;
  track: Track | null;
  /** Increases with every load of a source; a new load is a new play for the play count. */
  loadId: number;
  /** How the current track was reached, for the slide animation. */
  direction: 'next' | 'previous' | null;
  isReady: boolean;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  rate: number;
  /** A Japanese message for the listener when the audio failed, else null. */
  error: string | null;
  /** Set while a playlist plays: the queue is its tracks, and playback stops after the last one. */
  playlist: PlaylistRef | null;
}

export interface PlaylistRef {
  id: number;
  name: string;
}

export interface EngineHooks {
  /** Once per load, after 3 s of continuous playing (POST increment-play-count). */
  onPlayCounted?: (trackId: number) => void;
  /** Every speed the listener chooses: where the 2.0x trial rule attaches. */
  onRateChosen?: (rate: number) => void;
  /** Before a chosen speed applies: the speed actually allowed (the 2.0x premium and trial rule). */
  decideRate?: (rate: number) => number;
  /**
   * A stretch of listening ended (a pause, another track, the end, the page going away) and is worth
   * recording: POST /api/listening-history. `leaving` is true when the page may be gone next.
   */
  onListened?: (report: ListeningReport, opts: { leaving: boolean }) => void;
  /** Where the listener left a track, as its last history entry says: the start position in seconds. */
  resumePosition?: (trackId: number, duration: number) => Promise<number | null> | number | null;
}

/** A load that has shown no sign of readiness after this long is reported as a network problem. */
export const LOAD_TIMEOUT_MS = 20_000;

export const streamUrl = (trackId: number) => `/api/stream/${trackId}`;

/** The listener asked the browser to save data: no track is loaded ahead. */
const saveData = () =>
  typeof navigator !== 'undefined' && Boolean((navigator as { connection?: { saveData?: boolean } }).connection?.saveData);

/**
 * The audio of the app and the rules of listener spec §4 around it. React reads it through
 * subscribe/getSnapshot; the elements live in PlayerProvider so playback survives route changes.
 *
 * One element speaks (`el`, data-testid player-audio). A second one (`standby`) quietly loads the
 * next track of the queue while the current one plays; selecting that track swaps the two, so next,
 * swipe and auto-next start sound without a new request (docs/decisions/0007-player-engine.md).
 */
export class AudioEngine {
  private el: HTMLAudioElement | null = null;
  private standby: HTMLAudioElement | null = null;
  /** The track loading in the standby element, and whether that load failed. */
  private prepared: { trackId: number; failed: boolean } | null = null;
  private readyTimer: ReturnType<typeof setTimeout> | undefined;
  /** Seconds heard since the last history report of this load, and the last position read. */
  private listened = 0;
  private lastPosition: number | null = null;
  /** Where a track starts, as far as known (the hook's answers and this session's own reports). */
  private readonly resumeCache = new Map<number, number | null>();
  /** A start position waiting for the current load's metadata. */
  private pendingResume: { loadId: number; at: number } | null = null;
  /** Set when the listener (or PWA autoplay) wants sound before any track is cued. */
  private autoplayRequested = false;
  private state: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private hooks: EngineHooks = {};
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private autoNextTimer: ReturnType<typeof setTimeout> | undefined;
  private countTimer: ReturnType<typeof setTimeout> | undefined;
  private gate: PlayCountGate = newPlayCountGate();
  /** The catalogue as last adopted: where the player goes back to when it leaves a playlist. */
  private catalogue: readonly Track[] = [];

  constructor() {
    this.state = {
      queue: [],
      index: -1,
      track: null,
      loadId: 0,
      direction: null,
      isReady: false,
      isPlaying: false,
      currentTime: 0,
      duration: 0,
      rate: parseStoredRate(readStored('local', STORAGE_KEYS.playbackRate)),
      error: null,
      playlist: null,
    };
  }

  setHooks(hooks: EngineHooks) {
    this.hooks = hooks;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.state;

  private set(patch: Partial<PlayerSnapshot>) {
    // A media event that changes nothing (emptied while not ready, a third canplay…) re-renders nothing.
    const keys = Object.keys(patch) as (keyof PlayerSnapshot)[];
    if (keys.every((k) => Object.is(this.state[k], patch[k]))) return;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Connects the speaking element and, optionally, the one that prepares the next track; returns the clean-up. */
  attach(el: HTMLAudioElement, standby?: HTMLAudioElement): () => void {
    this.el = el;
    this.standby = standby ?? null;
    el.defaultPlaybackRate = this.state.rate;
    el.playbackRate = this.state.rate;
    this.label();
    const detach = [this.listen(el), ...(standby ? [this.listen(standby)] : [])];
    const actions = this.registerMediaSession();
    return () => {
      for (const off of detach) off();
      actions();
      this.clearTimers();
      el.pause();
      standby?.pause();
      this.el = null;
      this.standby = null;
    };
  }

  /** The element's events; those of the standby element only tell how its preparation goes. */
  private listen(target: HTMLAudioElement): () => void {
    const active = (fn: () => void, standbyFn?: () => void) => () => {
      if (this.el === target) fn();
      else if (this.standby === target) standbyFn?.();
    };
    const on: Record<string, () => void> = {
      loadstart: active(() => this.hasSource() && this.set({ isReady: false })),
      emptied: active(() => this.set({ isReady: false, isPlaying: false })),
      loadedmetadata: active(() => {
        this.syncDuration();
        this.applyPendingResume();
      }),
      durationchange: active(() => this.syncDuration()),
      loadeddata: active(() => this.markReady()),
      canplay: active(() => this.markReady()),
      canplaythrough: active(() => this.markReady()),
      play: active(() => {
        this.set({ isPlaying: true });
        this.setPlaybackState('playing');
      }),
      playing: active(() => this.onPlaying()),
      pause: active(() => this.onPaused()),
      waiting: active(() => this.stopCountClock()),
      seeking: active(() => {
        this.lastPosition = null;
      }),
      seeked: active(() => {
        this.lastPosition = target.currentTime;
        this.updatePositionState();
      }),
      timeupdate: active(() => this.onTimeUpdate()),
      ratechange: active(() => this.updatePositionState()),
      ended: active(() => this.onEnded()),
      error: active(
        () => this.onMediaError(),
        () => this.onPreparedError(),
      ),
    };
    for (const [type, fn] of Object.entries(on)) target.addEventListener(type, fn);
    return () => {
      for (const [type, fn] of Object.entries(on)) target.removeEventListener(type, fn);
    };
  }

  /** The speaking element carries data-testid player-audio, the preparing one player-audio-next. */
  private label() {
    this.el?.setAttribute?.('data-testid', 'player-audio');
    this.standby?.setAttribute?.('data-testid', 'player-audio-next');
  }

  // ——— the queue ———

  /**
   * Takes the catalogue as the queue. Keeps the current track when there is one (it goes first if the
   * catalogue lacks it); otherwise cues the requested id, else track 74, else the first.
   * A requested id other than the current track selects it (playing on if something was playing).
   */
  adoptCatalogue(tracks: readonly Track[], requestedId: number | null = null) {
    this.catalogue = tracks;
    if (this.state.playlist) {
      // A playlist keeps its queue; only a requested track other than the current one leaves it.
      if (requestedId == null || this.state.track?.id === requestedId) return;
      this.state = { ...this.state, playlist: null };
    }
    const { track, isPlaying } = this.state;
    const requestedIndex = requestedId == null ? -1 : tracks.findIndex((t) => t.id === requestedId);
    if (requestedIndex >= 0 && track?.id !== requestedId) {
      this.state = { ...this.state, queue: tracks };
      this.select(requestedIndex, { autoplay: isPlaying });
      return;
    }
    if (track) {
      const i = tracks.findIndex((t) => t.id === track.id);
      if (i >= 0) this.set({ queue: tracks, index: i });
      else this.set({ queue: [track, ...tracks], index: 0 });
      // A new order may have a new next track.
      if (isPlaying) this.prepareNext();
      return;
    }
    const i = initialTrackIndex(
      tracks.map((t) => t.id),
      requestedId,
    );
    this.state = { ...this.state, queue: tracks };
    if (i >= 0) this.select(i, { autoplay: this.autoplayRequested });
  }

  /**
   * Makes `track` current: its place in the queue if it has one, else right after the current track. A
   * track from outside the playing playlist leaves the playlist for the catalogue.
   */
  playTrack(track: Track, { autoplay }: { autoplay: boolean }) {
    if (this.state.track?.id === track.id) {
      if (autoplay) this.play();
      return;
    }
    if (this.state.playlist && !this.state.queue.some((t) => t.id === track.id)) {
      const i = this.catalogue.findIndex((t) => t.id === track.id);
      this.state = { ...this.state, playlist: null, queue: i >= 0 ? this.catalogue : [track, ...this.catalogue] };
      this.select(Math.max(i, 0), { autoplay });
      return;
    }
    const { queue, index } = this.state;
    const found = queue.findIndex((t) => t.id === track.id);
    if (found >= 0) {
      this.select(found, { autoplay });
      return;
    }
    const at = index + 1;
    this.state = { ...this.state, queue: [...queue.slice(0, at), track, ...queue.slice(at)] };
    this.select(at, { autoplay });
  }

  /**
   * Plays a playlist: its tracks become the queue, starting at `startIndex`, and playback stops at the
   * end of the last one (listener spec §4 Audio player).
   */
  playPlaylist(playlist: PlaylistRef, tracks: readonly Track[], startIndex = 0) {
    if (tracks.length === 0) return;
    const start = Math.min(Math.max(0, startIndex), tracks.length - 1);
    const same = this.state.playlist?.id === playlist.id && this.state.track?.id === tracks[start].id;
    this.state = { ...this.state, playlist: { id: playlist.id, name: playlist.name }, queue: tracks };
    if (same) {
      this.set({ index: start });
      this.play();
      return;
    }
    this.select(start, { autoplay: true });
  }

  /** Writes new counts of a track (after a like, say) into the queue and the current track. */
  updateTrack(id: number, patch: Partial<Pick<Track, 'likeCount' | 'playCount' | 'impressionCount'>>) {
    const apply = (t: Track) => (t.id === id ? { ...t, ...patch } : t);
    this.catalogue = this.catalogue.map(apply);
    const { track, queue } = this.state;
    if (!queue.some((t) => t.id === id) && track?.id !== id) return;
    this.set({ queue: queue.map(apply), track: track ? apply(track) : track });
  }

  next() {
    const { index, queue } = this.state;
    if (queue.length === 0) return;
    this.select(nextIndex(index, queue.length), { autoplay: true, direction: 'next' });
  }

  previous() {
    const { index, queue } = this.state;
    if (queue.length === 0) return;
    this.select(previousIndex(index, queue.length), { autoplay: true, direction: 'previous' });
  }

  /** Loads the current track again after a failure. */
  retry() {
    if (this.state.index >= 0) this.select(this.state.index, { autoplay: true });
  }

  /**
   * Selecting a track stops the current one and clears the source at once; 50 ms later the stream
   * loads and, unless only cued, plays (listener spec §4). A track already prepared in the standby
   * element has loaded: the elements swap and it plays at once (decision 0007).
   */
  select(index: number, { autoplay, direction = null }: { autoplay: boolean; direction?: PlayerSnapshot['direction'] }) {
    const track = this.state.queue[index];
    if (!track) return;
    this.reportListening({ completed: false, leaving: false });
    this.clearTimers();
    this.gate = newPlayCountGate();
    this.autoplayRequested = false;
    const el = this.el;
    if (el) {
      el.pause();
      if (el.hasAttribute('src')) {
        el.removeAttribute('src');
        el.load();
      }
    }
    const loadId = this.state.loadId + 1;
    this.listened = 0;
    this.lastPosition = null;
    this.pendingResume = null;
    const swap = this.standby !== null && this.prepared?.trackId === track.id && !this.prepared.failed && this.standbyHasSource();
    if (swap && el && this.standby) {
      this.el = this.standby;
      this.standby = el;
      this.prepared = null;
      this.label();
    }
    this.set({
      index,
      track,
      loadId,
      direction,
      isReady: false,
      isPlaying: false,
      currentTime: 0,
      duration: track.duration,
      error: null,
    });
    this.updateMediaSession();
    this.lookUpResume(track, loadId);
    if (swap && this.el) {
      const now = this.el;
      now.defaultPlaybackRate = this.state.rate;
      now.playbackRate = this.state.rate;
      this.syncDuration();
      this.applyPendingResume();
      // HAVE_FUTURE_DATA: it can play now; otherwise its canplay is still to come.
      if (now.readyState >= 3) this.markReady();
      else this.watchLoad(loadId);
      if (autoplay) this.play();
      return;
    }
    this.loadTimer = setTimeout(() => {
      if (!this.el || this.state.loadId !== loadId) return;
      this.el.src = streamUrl(track.id);
      this.el.defaultPlaybackRate = this.state.rate;
      this.el.playbackRate = this.state.rate;
      this.el.load();
      this.watchLoad(loadId);
      if (autoplay) this.play();
    }, TRACK_LOAD_DELAY_MS);
  }

  /** Plays the cued track, or the first one cued once the catalogue arrives (PWA autoplay). */
  requestAutoplay() {
    if (this.state.track) this.play();
    else this.autoplayRequested = true;
  }

  /** Records the stretch heard so far (the page is being hidden or left). */
  flushListening(leaving = true) {
    this.reportListening({ completed: false, leaving });
  }

  // ——— the next track, prepared ———

  /**
   * Loads the next track of the queue into the standby element, once the current one plays, so that
   * going next needs no new request. Nothing happens without a standby element or a second track.
   */
  private prepareNext() {
    const sb = this.standby;
    const { queue, index, track } = this.state;
    if (!sb || queue.length < 2 || index < 0 || saveData()) return;
    const upcoming = queue[nextIndex(index, queue.length)];
    if (!upcoming || upcoming.id === track?.id) return;
    if (this.prepared?.trackId === upcoming.id && (this.prepared.failed || this.standbyHasSource())) return;
    this.prepared = { trackId: upcoming.id, failed: false };
    sb.preload = 'auto';
    sb.src = streamUrl(upcoming.id);
    sb.defaultPlaybackRate = this.state.rate;
    sb.playbackRate = this.state.rate;
    sb.load();
    if (!this.resumeCache.has(upcoming.id) && this.hooks.resumePosition) {
      Promise.resolve(this.hooks.resumePosition(upcoming.id, upcoming.duration))
        .then((at) => {
          if (!this.resumeCache.has(upcoming.id)) this.resumeCache.set(upcoming.id, at);
        })
        .catch(() => {});
    }
  }

  private onPreparedError() {
    const sb = this.standby;
    if (!sb || !this.prepared) return;
    console.error(`[player] preparing track ${this.prepared.trackId} failed (media error ${sb.error?.code ?? 'unknown'})`);
    this.prepared = { ...this.prepared, failed: true };
    sb.removeAttribute('src');
    sb.load();
  }

  private standbyHasSource() {
    return Boolean(this.standby?.getAttribute('src'));
  }

  // ——— resume where the listener left ———

  private lookUpResume(track: Track, loadId: number) {
    if (this.resumeCache.has(track.id)) {
      this.resumeAt(loadId, this.resumeCache.get(track.id) ?? null);
      return;
    }
    const hook = this.hooks.resumePosition;
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
    if (at == null || at <= 0 || this.state.loadId !== loadId) return;
    if (this.state.currentTime > 1 || this.listened > 0) return;
    this.pendingResume = { loadId, at };
    this.applyPendingResume();
  }

  private applyPendingResume() {
    const el = this.el;
    const p = this.pendingResume;
    if (!el || !p || p.loadId !== this.state.loadId || !this.hasSource() || el.readyState < 1) return;
    this.pendingResume = null;
    if (el.currentTime > 1) return;
    el.currentTime = p.at;
    this.lastPosition = p.at;
    this.set({ currentTime: p.at });
    this.updatePositionState();
  }

  // ——— listening history ———

  private onTimeUpdate() {
    const el = this.el;
    if (!el) return;
    if (!el.paused && !el.seeking) {
      this.listened += listenedStep(this.lastPosition, el.currentTime);
      this.lastPosition = el.currentTime;
    }
    this.set({ currentTime: el.currentTime });
  }

  private reportListening({ completed, leaving }: { completed: boolean; leaving: boolean }) {
    const { track } = this.state;
    const el = this.el;
    if (!track || !el || !this.hasSource()) {
      this.listened = 0;
      return;
    }
    const duration = this.knownDuration();
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
      this.hooks.onListened?.(report, { leaving });
    } catch (e) {
      console.error('[player] listening history not sent', e);
    }
  }

  // ——— transport ———

  play() {
    const el = this.el;
    if (!el || !this.state.track) return;
    // No source yet, or the source failed: play means load it (again).
    if (!this.hasSource() || (this.state.error && !this.state.isReady)) {
      this.select(this.state.index, { autoplay: true });
      return;
    }
    const loadId = this.state.loadId;
    el.play().catch((e: unknown) => {
      const problem = describePlayRejection(e instanceof DOMException ? e.name : undefined);
      if (!problem || this.state.loadId !== loadId) return;
      console.error(`[player] track ${this.state.track?.id}: ${problem.log}`, e);
      this.set({ isPlaying: false, error: problem.message, ...(problem.notReady ? { isReady: false } : {}) });
    });
  }

  pause() {
    this.el?.pause();
  }

  toggle() {
    if (this.el && !this.el.paused) this.pause();
    else this.play();
  }

  /** The lock screen's stop: pause and go back to the beginning. */
  stop() {
    this.pause();
    this.seekTo(0);
  }

  /** Seeks to a fraction of the track, clamped to 0..1 (L-4.2-21). */
  seek(fraction: number) {
    const duration = this.knownDuration();
    if (!duration) return;
    this.seekTo(clampFraction(fraction) * duration);
  }

  /** Seeks to a time in seconds, inside the track. */
  seekTo(seconds: number) {
    const el = this.el;
    const duration = this.knownDuration();
    if (!el || !duration || !this.hasSource() || !Number.isFinite(seconds)) return;
    const t = Math.min(Math.max(0, seconds), duration);
    this.pendingResume = null;
    el.currentTime = t;
    this.set({ currentTime: t });
    this.updatePositionState();
  }

  /** Moves by `offset` seconds (backwards when negative), inside the track. */
  skip(offset: number) {
    const el = this.el;
    if (!el) return;
    this.seekTo(skipTarget(el.currentTime, offset, this.knownDuration()));
  }

  setRate(requested: number) {
    const rate = this.hooks.decideRate ? this.hooks.decideRate(requested) : requested;
    if (this.el) {
      this.el.defaultPlaybackRate = rate;
      this.el.playbackRate = rate;
    }
    if (this.standby) {
      this.standby.defaultPlaybackRate = rate;
      this.standby.playbackRate = rate;
    }
    writeStored('local', STORAGE_KEYS.playbackRate, String(rate));
    this.set({ rate });
    this.updatePositionState();
    this.hooks.onRateChosen?.(rate);
  }

  /** 1 → 1.25 → 1.5 → 2 → 1 (L-4.2-09). */
  cycleRate() {
    this.setRate(nextPlaybackRate(this.state.rate));
  }

  // ——— element events ———

  private hasSource() {
    return Boolean(this.el?.getAttribute('src'));
  }

  private knownDuration() {
    const d = this.el?.duration;
    return d && Number.isFinite(d) && d > 0 ? d : this.state.duration;
  }

  private syncDuration() {
    const d = this.el?.duration;
    if (d && Number.isFinite(d) && d > 0 && d !== this.state.duration) this.set({ duration: d });
    this.updatePositionState();
  }

  private markReady() {
    if (!this.hasSource()) return;
    clearTimeout(this.readyTimer);
    if (!this.state.isReady) this.set({ isReady: true, error: null });
  }

  /** A load that never becomes ready (a stalled network) ends as a network problem, never a spinner forever. */
  private watchLoad(loadId: number) {
    clearTimeout(this.readyTimer);
    this.readyTimer = setTimeout(() => {
      if (this.state.loadId !== loadId || this.state.isReady || this.state.error) return;
      const problem = describeMediaError(2);
      console.error(`[player] track ${this.state.track?.id}: ${problem.log} (not ready after ${LOAD_TIMEOUT_MS} ms)`);
      this.set({ isPlaying: false, error: problem.message });
    }, LOAD_TIMEOUT_MS);
  }

  private onPlaying() {
    this.set({ isPlaying: true, error: null });
    this.lastPosition = this.el?.currentTime ?? null;
    this.gate = gatePlaying(this.gate, Date.now());
    this.scheduleCount();
    this.setPlaybackState('playing');
    this.updatePositionState();
    this.prepareNext();
  }

  private onPaused() {
    this.onStopped(false);
    this.setPlaybackState('paused');
    this.updatePositionState();
    // At the end the element pauses first and then ends: the end reports that stretch as completed.
    if (!this.el?.ended) this.reportListening({ completed: false, leaving: false });
  }

  private onStopped(ended: boolean) {
    this.stopCountClock();
    if (this.state.isPlaying || ended) this.set({ isPlaying: false });
  }

  private onEnded() {
    const el = this.el;
    if (el) this.listened += listenedStep(this.lastPosition, el.currentTime);
    this.onStopped(true);
    this.setPlaybackState('paused');
    this.reportListening({ completed: true, leaving: false });
    // Outside a playlist the catalogue plays on, wrapping to the first (L-4.2-03, L-4.2-04); in a
    // playlist playback stops at the end of the last track.
    if (this.state.queue.length < 2) return;
    if (this.state.playlist && this.state.index >= this.state.queue.length - 1) return;
    const loadId = this.state.loadId;
    this.autoNextTimer = setTimeout(() => {
      if (this.state.loadId === loadId) this.next();
    }, AUTO_NEXT_DELAY_MS);
  }

  private onMediaError() {
    const el = this.el;
    if (!el || !this.hasSource()) return;
    const code = el.error?.code;
    const problem = describeMediaError(code);
    console.error(`[player] track ${this.state.track?.id}: ${problem.log}${el.error?.message ? ` (${el.error.message})` : ''}`);
    clearTimeout(this.readyTimer);
    this.stopCountClock();
    this.setPlaybackState('paused');
    this.set({ isPlaying: false, ...(problem.notReady ? { isReady: false } : {}), ...(problem.message ? { error: problem.message } : {}) });
  }

  // ——— play count: once per load after 3 s of continuous playing ———

  private scheduleCount() {
    clearTimeout(this.countTimer);
    const wait = msUntilDue(this.gate, Date.now());
    if (wait === null) return;
    const loadId = this.state.loadId;
    this.countTimer = setTimeout(() => {
      if (this.state.loadId !== loadId) return;
      const { gate, count } = gateCheck(this.gate, Date.now());
      this.gate = gate;
      if (count && this.state.track) this.hooks.onPlayCounted?.(this.state.track.id);
      else this.scheduleCount();
    }, wait);
  }

  private stopCountClock() {
    clearTimeout(this.countTimer);
    this.gate = gateStopped(this.gate);
  }

  private clearTimers() {
    clearTimeout(this.readyTimer);
    clearTimeout(this.loadTimer);
    clearTimeout(this.autoNextTimer);
    clearTimeout(this.countTimer);
  }

  // ——— lock screen, notification shade and headset buttons (Media Session API) ———

  private mediaSession(): MediaSession | null {
    return typeof navigator !== 'undefined' && 'mediaSession' in navigator && navigator.mediaSession ? navigator.mediaSession : null;
  }

  /** Registers the actions once; returns their removal. Actions a browser does not know are skipped. */
  private registerMediaSession(): () => void {
    const ms = this.mediaSession();
    if (!ms) return () => {};
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => this.play()],
      ['pause', () => this.pause()],
      ['stop', () => this.stop()],
      ['nexttrack', () => this.next()],
      ['previoustrack', () => this.previous()],
      ['seekto', (d) => d.seekTime != null && this.seekTo(d.seekTime)],
      ['seekbackward', (d) => this.skip(-(d.seekOffset || MEDIA_SEEK_OFFSET_S))],
      ['seekforward', (d) => this.skip(d.seekOffset || MEDIA_SEEK_OFFSET_S)],
    ];
    const registered: MediaSessionAction[] = [];
    for (const [action, handler] of handlers) {
      try {
        ms.setActionHandler(action, handler);
        registered.push(action);
      } catch {
        // This browser does not support the action.
      }
    }
    return () => {
      for (const action of registered) {
        try {
          ms.setActionHandler(action, null);
        } catch {}
      }
    };
  }

  private updateMediaSession() {
    const track = this.state.track;
    const ms = this.mediaSession();
    if (!track || !ms) return;
    try {
      if (typeof MediaMetadata !== 'undefined') ms.metadata = new MediaMetadata(mediaMetadataFor(track));
      this.setPlaybackState('paused');
      this.updatePositionState();
    } catch (e) {
      console.error('[player] media session unavailable', e);
    }
  }

  private setPlaybackState(state: MediaSessionPlaybackState) {
    const ms = this.mediaSession();
    if (ms) ms.playbackState = state;
  }

  /** Duration, rate and position for the lock screen's progress (only valid values: it throws otherwise). */
  private updatePositionState() {
    const ms = this.mediaSession();
    if (!ms || typeof ms.setPositionState !== 'function') return;
    const el = this.el;
    const state = mediaPositionState(this.knownDuration(), el?.currentTime ?? this.state.currentTime, this.state.rate);
    if (!state) return;
    try {
      ms.setPositionState(state);
    } catch (e) {
      console.error('[player] media position not accepted', e);
    }
  }
}
