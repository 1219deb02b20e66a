import { MEDIA_SEEK_OFFSET_S, mediaMetadataFor, mediaPositionState } from '@shared/rules/player-media';
import type { EngineCore } from './player-state';

/** What the lock screen's buttons do. */
export interface MediaActions {
  play(): void;
  pause(): void;
  stop(): void;
  next(): void;
  previous(): void;
  seekTo(seconds: number): void;
  skip(offset: number): void;
}

const mediaSession = (): MediaSession | null =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator && navigator.mediaSession ? navigator.mediaSession : null;

/** The lock screen, notification shade and headset buttons (Media Session API); silent without it. */
export class MediaSessionBridge {
  constructor(private readonly core: EngineCore) {}

  /** Registers the actions once; returns their removal. Actions a browser does not know are skipped. */
  register(actions: MediaActions): () => void {
    const ms = mediaSession();
    if (!ms) return () => {};
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => actions.play()],
      ['pause', () => actions.pause()],
      ['stop', () => actions.stop()],
      ['nexttrack', () => actions.next()],
      ['previoustrack', () => actions.previous()],
      ['seekto', (d) => d.seekTime != null && actions.seekTo(d.seekTime)],
      ['seekbackward', (d) => actions.skip(-(d.seekOffset || MEDIA_SEEK_OFFSET_S))],
      ['seekforward', (d) => actions.skip(d.seekOffset || MEDIA_SEEK_OFFSET_S)],
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

  /** The current track's title and artwork, paused until it plays. */
  showTrack() {
    const track = this.core.state.track;
    const ms = mediaSession();
    if (!track || !ms) return;
    try {
      if (typeof MediaMetadata !== 'undefined') ms.metadata = new MediaMetadata(mediaMetadataFor(track));
      this.setPlaybackState('paused');
      this.updatePosition();
    } catch (e) {
      console.error('[player] media session unavailable', e);
    }
  }

  setPlaybackState(state: MediaSessionPlaybackState) {
    const ms = mediaSession();
    if (ms) ms.playbackState = state;
  }

  /** Duration, rate and position for the lock screen's progress (only valid values: it throws otherwise). */
  updatePosition() {
    const ms = mediaSession();
    if (!ms || typeof ms.setPositionState !== 'function') return;
    const { core } = this;
    const state = mediaPositionState(core.knownDuration(), core.el?.currentTime ?? core.state.currentTime, core.state.rate);
    if (!state) return;
    try {
      ms.setPositionState(state);
    } catch (e) {
      console.error('[player] media position not accepted', e);
    }
  }
}
