import { AUTO_NEXT_DELAY_MS, STORAGE_KEYS, TRACK_LOAD_DELAY_MS } from '@shared/constants';
import { clampFraction } from '@shared/rules/format';
import { gateCheck, gatePlaying, gateStopped, msUntilDue, newPlayCountGate, type PlayCountGate } from '@shared/rules/play-count';
import { describeMediaError, describePlayRejection } from '@shared/rules/playback-errors';
import { initialTrackIndex, nextIndex, nextPlaybackRate, previousIndex } from '@shared/rules/player';
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
}

export const streamUrl = (trackId: number) => `/api/stream/${trackId}`;

/**
 * The one audio element of the app and the rules of listener spec §4 around it. React reads it through
 * subscribe/getSnapshot; the element lives in PlayerProvider so playback survives route changes.
 */
export class AudioEngine {
  private el: HTMLAudioElement | null = null;
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
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Connects the element; returns the clean-up. */
  attach(el: HTMLAudioElement): () => void {
    this.el = el;
    el.defaultPlaybackRate = this.state.rate;
    el.playbackRate = this.state.rate;
    const on: Record<string, () => void> = {
      loadstart: () => this.hasSource() && this.set({ isReady: false }),
      emptied: () => this.set({ isReady: false, isPlaying: false }),
      loadedmetadata: () => this.syncDuration(),
      durationchange: () => this.syncDuration(),
      loadeddata: () => this.markReady(),
      canplay: () => this.markReady(),
      canplaythrough: () => this.markReady(),
      play: () => this.set({ isPlaying: true }),
      playing: () => this.onPlaying(),
      pause: () => this.onStopped(false),
      waiting: () => this.stopCountClock(),
      timeupdate: () => this.set({ currentTime: el.currentTime }),
      ended: () => this.onEnded(),
      error: () => this.onMediaError(),
    };
    for (const [type, fn] of Object.entries(on)) el.addEventListener(type, fn);
    return () => {
      for (const [type, fn] of Object.entries(on)) el.removeEventListener(type, fn);
      this.clearTimers();
      el.pause();
      this.el = null;
    };
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
      return;
    }
    const i = initialTrackIndex(
      tracks.map((t) => t.id),
      requestedId,
    );
    this.state = { ...this.state, queue: tracks };
    if (i >= 0) this.select(i, { autoplay: false });
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
   * loads and, unless only cued, plays (listener spec §4).
   */
  select(index: number, { autoplay, direction = null }: { autoplay: boolean; direction?: PlayerSnapshot['direction'] }) {
    const track = this.state.queue[index];
    if (!track) return;
    this.clearTimers();
    this.gate = newPlayCountGate();
    const el = this.el;
    if (el) {
      el.pause();
      if (el.hasAttribute('src')) {
        el.removeAttribute('src');
        el.load();
      }
    }
    const loadId = this.state.loadId + 1;
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
    this.loadTimer = setTimeout(() => {
      if (!this.el || this.state.loadId !== loadId) return;
      this.el.src = streamUrl(track.id);
      this.el.defaultPlaybackRate = this.state.rate;
      this.el.playbackRate = this.state.rate;
      this.el.load();
      if (autoplay) this.play();
    }, TRACK_LOAD_DELAY_MS);
    this.updateMediaSession();
  }

  // ——— transport ———

  play() {
    const el = this.el;
    if (!el || !this.state.track) return;
    if (!this.hasSource()) {
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

  /** Seeks to a fraction of the track, clamped to 0..1 (L-4.2-21). */
  seek(fraction: number) {
    const el = this.el;
    const duration = this.knownDuration();
    if (!el || !duration || !this.hasSource()) return;
    const t = clampFraction(fraction) * duration;
    el.currentTime = t;
    this.set({ currentTime: t });
  }

  setRate(requested: number) {
    const rate = this.hooks.decideRate ? this.hooks.decideRate(requested) : requested;
    if (this.el) {
      this.el.defaultPlaybackRate = rate;
      this.el.playbackRate = rate;
    }
    writeStored('local', STORAGE_KEYS.playbackRate, String(rate));
    this.set({ rate });
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
    if (d && Number.isFinite(d) && d > 0) this.set({ duration: d });
  }

  private markReady() {
    if (this.hasSource() && !this.state.isReady) this.set({ isReady: true, error: null });
  }

  private onPlaying() {
    this.set({ isPlaying: true, error: null });
    this.gate = gatePlaying(this.gate, Date.now());
    this.scheduleCount();
  }

  private onStopped(ended: boolean) {
    this.stopCountClock();
    if (this.state.isPlaying || ended) this.set({ isPlaying: false });
  }

  private onEnded() {
    this.onStopped(true);
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
    this.stopCountClock();
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
    clearTimeout(this.loadTimer);
    clearTimeout(this.autoNextTimer);
    clearTimeout(this.countTimer);
  }

  // ——— lock screen and hardware keys ———

  private updateMediaSession() {
    const track = this.state.track;
    if (!track || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    try {
      navigator.mediaSession.metadata = new MediaMetadata({
        title: track.title,
        artist: track.posterName ?? '無限',
        album: '無限 Mugen',
        artwork: [{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }],
      });
      navigator.mediaSession.setActionHandler('play', () => this.play());
      navigator.mediaSession.setActionHandler('pause', () => this.pause());
      navigator.mediaSession.setActionHandler('nexttrack', () => this.next());
      navigator.mediaSession.setActionHandler('previoustrack', () => this.previous());
    } catch (e) {
      console.error('[player] media session unavailable', e);
    }
  }
}
