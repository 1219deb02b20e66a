import { nextIndex } from '@shared/rules/player';
import type { ListeningTracker } from './listening';
import { type EngineCore, sourceOf } from './player-state';

/** The listener asked the browser to save data: no track is loaded ahead. */
const saveData = () =>
  typeof navigator !== 'undefined' && Boolean((navigator as { connection?: { saveData?: boolean } }).connection?.saveData);

/**
 * The next track, prepared: a second element (`standby`, data-testid player-audio-next) quietly loads
 * the next track of the queue while the current one plays; selecting that track swaps the two, so
 * next, swipe and auto-next start sound without a new request (docs/decisions/0007-player-engine.md).
 */
export class NextTrackPreparer {
  standby: HTMLAudioElement | null = null;
  /** The track loading in the standby element, and whether that load failed. */
  private prepared: { trackId: number; failed: boolean } | null = null;

  constructor(
    private readonly core: EngineCore,
    private readonly listening: ListeningTracker,
  ) {}

  /** The speaking element carries data-testid player-audio, the preparing one player-audio-next. */
  label() {
    this.core.el?.setAttribute?.('data-testid', 'player-audio');
    this.standby?.setAttribute?.('data-testid', 'player-audio-next');
  }

  /**
   * Loads the next track of the queue into the standby element, once the current one plays, so that
   * going next needs no new request. Nothing happens without a standby element or a second track.
   */
  prepareNext() {
    const sb = this.standby;
    const { queue, index, track, rate } = this.core.state;
    if (!sb || queue.length < 2 || index < 0 || saveData()) return;
    const upcoming = queue[nextIndex(index, queue.length)];
    if (!upcoming || upcoming.id === track?.id) return;
    if (this.prepared?.trackId === upcoming.id && (this.prepared.failed || this.hasSource())) return;
    this.prepared = { trackId: upcoming.id, failed: false };
    sb.preload = 'auto';
    sb.src = sourceOf(upcoming, this.core.hooks.highQuality?.() ?? false);
    sb.defaultPlaybackRate = rate;
    sb.playbackRate = rate;
    sb.load();
    this.listening.prefetchResume(upcoming);
  }

  /**
   * When `trackId` is the one prepared (and loaded without failure), the standby element becomes the
   * speaking one and the old speaking element prepares from now on. True when they swapped.
   */
  swapIn(trackId: number): boolean {
    const { core } = this;
    const el = core.el;
    const sb = this.standby;
    if (!el || !sb || this.prepared?.trackId !== trackId || this.prepared.failed || !this.hasSource()) return false;
    core.el = sb;
    this.standby = el;
    this.prepared = null;
    this.label();
    return true;
  }

  /** The standby element failed: that track loads the ordinary way when it comes. */
  onError() {
    const sb = this.standby;
    if (!sb || !this.prepared) return;
    console.error(`[player] preparing track ${this.prepared.trackId} failed (media error ${sb.error?.code ?? 'unknown'})`);
    this.prepared = { ...this.prepared, failed: true };
    sb.removeAttribute('src');
    sb.load();
  }

  setRate(rate: number) {
    if (!this.standby) return;
    this.standby.defaultPlaybackRate = rate;
    this.standby.playbackRate = rate;
  }

  private hasSource() {
    return Boolean(this.standby?.getAttribute('src'));
  }
}
