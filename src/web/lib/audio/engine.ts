import { clampFraction } from '@shared/rules/format';
import { nextPlaybackRate } from '@shared/rules/player';
import type { Track } from '@shared/schemas/track';
import { ListeningTracker } from './listening';
import { MediaSessionBridge } from './media-session';
import { PlayCounter } from './play-counter';
import { Playback } from './playback';
import { EngineCore, type EngineHooks, type PlayerSnapshot, type PlaylistRef, type QueueTrack } from './player-state';
import { NextTrackPreparer } from './prepared-track';
import { PlayQueue } from './queue';

export { LOAD_TIMEOUT_MS } from './playback';
export { type EngineHooks, type PlayerSnapshot, type PlaylistRef, type QueueTrack, streamUrl } from './player-state';

/**
 * The audio of the app and the rules of listener spec §4 around it. React reads it through
 * subscribe/getSnapshot; the elements live in PlayerProvider so playback survives route changes.
 *
 * A facade over its parts (docs/decisions/0007-player-engine.md): the queue (queue.ts), the speaking
 * element and its transport (playback.ts), the next track prepared in a second element
 * (prepared-track.ts), listening reports and resume (listening.ts), the play count (play-counter.ts)
 * and the lock screen (media-session.ts). They share one EngineCore (player-state.ts).
 */
export class AudioEngine {
  private readonly core = new EngineCore();
  private readonly media = new MediaSessionBridge(this.core);
  private readonly counter = new PlayCounter(this.core);
  private readonly listening = new ListeningTracker(this.core, this.media);
  private readonly preparer = new NextTrackPreparer(this.core, this.listening);
  private readonly playback = new Playback(this.core, this.media, this.counter, this.listening, this.preparer);
  private readonly queue = new PlayQueue(this.core, this.playback, this.preparer);

  setHooks(hooks: EngineHooks) {
    this.core.hooks = hooks;
  }

  subscribe = (listener: () => void) => this.core.subscribe(listener);

  getSnapshot = (): PlayerSnapshot => this.core.state;

  /** Connects the speaking element and, optionally, the one that prepares the next track; returns the clean-up. */
  attach(el: HTMLAudioElement, standby?: HTMLAudioElement): () => void {
    const { core, preparer } = this;
    core.el = el;
    preparer.standby = standby ?? null;
    el.defaultPlaybackRate = core.state.rate;
    el.playbackRate = core.state.rate;
    preparer.label();
    const detach = [this.listen(el), ...(standby ? [this.listen(standby)] : [])];
    const actions = this.media.register(this);
    return () => {
      for (const off of detach) off();
      actions();
      this.playback.clearTimers();
      el.pause();
      standby?.pause();
      core.el = null;
      preparer.standby = null;
    };
  }

  /** The element's events; those of the standby element only tell how its preparation goes. */
  private listen(target: HTMLAudioElement): () => void {
    const { core, playback, listening, media } = this;
    const active = (fn: () => void, standbyFn?: () => void) => () => {
      if (core.el === target) fn();
      else if (this.preparer.standby === target) standbyFn?.();
    };
    const on: Record<string, () => void> = {
      loadstart: active(() => core.hasSource() && core.set({ isReady: false })),
      emptied: active(() => core.set({ isReady: false, isPlaying: false })),
      loadedmetadata: active(() => {
        playback.syncDuration();
        listening.applyPendingResume();
      }),
      durationchange: active(() => playback.syncDuration()),
      loadeddata: active(() => playback.markReady()),
      canplay: active(() => playback.markReady()),
      canplaythrough: active(() => playback.markReady()),
      play: active(() => {
        core.set({ isPlaying: true });
        media.setPlaybackState('playing');
      }),
      playing: active(() => playback.onPlaying()),
      pause: active(() => playback.onPaused()),
      waiting: active(() => this.counter.stop()),
      seeking: active(() => listening.markPosition(null)),
      seeked: active(() => {
        listening.markPosition(target.currentTime);
        media.updatePosition();
      }),
      timeupdate: active(() => listening.onTimeUpdate()),
      ratechange: active(() => media.updatePosition()),
      ended: active(() => playback.onEnded(() => this.next())),
      error: active(
        () => playback.onMediaError(() => this.next()),
        () => this.preparer.onError(),
      ),
    };
    for (const [type, fn] of Object.entries(on)) target.addEventListener(type, fn);
    return () => {
      for (const [type, fn] of Object.entries(on)) target.removeEventListener(type, fn);
    };
  }

  // ——— the queue (queue.ts) ———

  adoptCatalogue(tracks: readonly Track[], requestedId: number | null = null) {
    this.queue.adoptCatalogue(tracks, requestedId);
  }

  playTrack(track: Track, opts: { autoplay: boolean }) {
    this.queue.playTrack(track, opts);
  }

  /** A playlist, or a programme (あと N 分: tracks and their segues as interludes); stops after the last. */
  playPlaylist(playlist: PlaylistRef, tracks: readonly QueueTrack[], startIndex = 0, opts: { autoplay?: boolean } = {}) {
    this.queue.playPlaylist(playlist, tracks, startIndex, opts);
  }

  updateTrack(id: number, patch: Partial<Pick<Track, 'likeCount' | 'playCount' | 'impressionCount'>>) {
    this.queue.updateTrack(id, patch);
  }

  next() {
    this.queue.next();
  }

  previous() {
    this.queue.previous();
  }

  /** Loads the current track again after a failure. */
  retry() {
    if (this.core.state.index >= 0) this.select(this.core.state.index, { autoplay: true });
  }

  select(index: number, opts: { autoplay: boolean; direction?: PlayerSnapshot['direction'] }) {
    this.playback.select(index, opts);
  }

  /** Plays the cued track, or the first one cued once the catalogue arrives (PWA autoplay). */
  requestAutoplay() {
    if (this.core.state.track) this.play();
    else this.playback.autoplayRequested = true;
  }

  /** Records the stretch heard so far (the page is being hidden or left). */
  flushListening(leaving = true) {
    this.listening.report({ completed: false, leaving });
  }

  // ——— transport (playback.ts) ———

  play() {
    this.playback.play();
  }

  pause() {
    this.core.el?.pause();
  }

  toggle() {
    if (this.core.el && !this.core.el.paused) this.pause();
    else this.play();
  }

  /** The lock screen's stop: pause and go back to the beginning. */
  stop() {
    this.pause();
    this.seekTo(0);
  }

  /** Seeks to a fraction of the track, clamped to 0..1 (L-4.2-21). */
  seek(fraction: number) {
    const duration = this.core.knownDuration();
    if (!duration) return;
    this.seekTo(clampFraction(fraction) * duration);
  }

  /** Seeks to a time in seconds, inside the track. */
  seekTo(seconds: number) {
    this.playback.seekTo(seconds);
  }

  /** Moves by `offset` seconds (backwards when negative), inside the track. */
  skip(offset: number) {
    this.playback.skip(offset);
  }

  setRate(requested: number) {
    this.playback.setRate(requested);
  }

  /** 1 → 1.25 → 1.5 → 2 → 1 (L-4.2-09). */
  cycleRate() {
    this.setRate(nextPlaybackRate(this.core.state.rate));
  }
}
