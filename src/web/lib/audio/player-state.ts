import { STORAGE_KEYS } from '@shared/constants';
import type { ListeningReport } from '@shared/rules/player-history';
import { parseStoredRate } from '@shared/rules/player-storage';
import type { Track } from '@shared/schemas/track';
import { readStored } from '../storage';

/**
 * A queue entry: a catalogue track, or an interlude played from its own address that is no track of the
 * catalogue (a programme's segue, features/radio): never counted, reported or resumed. `fromStart`: a
 * track that plays from its beginning whatever its history says (a programme's track, so the programme
 * ends on time).
 */
export type QueueTrack = Track & {
  /** `fallbackUrl`: what plays instead when the address fails (a short spoken bridge of the same length, #40.2). */
  interlude?: { audioUrl: string; fallbackUrl?: string };
  fromStart?: boolean;
  /** Where this entry starts, in seconds, whatever its history says (a programme restored after a reload, #40.2). */
  startAt?: number;
};

/** The address a queue entry plays from: an interlude's own, or the track's stream. */
export const sourceOf = (track: QueueTrack, high: boolean) => track.interlude?.audioUrl ?? streamUrl(track.id, high);

export interface PlayerSnapshot {
  /** The list the player walks through (the catalogue, in its order). */
  queue: readonly QueueTrack[];
  index: number;
  track: QueueTrack | null;
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
  /** Asked at each load: the listener is premium, so the 128 kbit/s variant is asked for (the server decides). */
  highQuality?: () => boolean;
  /**
   * Asked before a chosen track plays: true when it is premium-only content this listener may not hear
   * (#24.11); the track is then not played (the app opens /premium).
   */
  premiumRequired?: (track: Track) => boolean;
}

/** The stream of a track; `?quality=high` asks for the premium variant, which the server gives premium members only. */
export const streamUrl = (trackId: number, high = false) => (high ? `/api/stream/${trackId}?quality=high` : `/api/stream/${trackId}`);

/**
 * What every part of the engine shares: the snapshot React reads (subscribe/getSnapshot), the
 * speaking element, and the hooks the app injects.
 */
export class EngineCore {
  /** The element that speaks (data-testid player-audio). */
  el: HTMLAudioElement | null = null;
  hooks: EngineHooks = {};
  state: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();

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

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.state;

  /** Changes the snapshot and tells the readers. */
  set(patch: Partial<PlayerSnapshot>) {
    // A media event that changes nothing (emptied while not ready, a third canplay…) re-renders nothing.
    const keys = Object.keys(patch) as (keyof PlayerSnapshot)[];
    if (keys.every((k) => Object.is(this.state[k], patch[k]))) return;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Changes the snapshot without telling the readers (a select that follows will). */
  quietly(patch: Partial<PlayerSnapshot>) {
    this.state = { ...this.state, ...patch };
  }

  hasSource() {
    return Boolean(this.el?.getAttribute('src'));
  }

  /** The element's duration once known, else the catalogue's. */
  knownDuration() {
    const d = this.el?.duration;
    return d && Number.isFinite(d) && d > 0 ? d : this.state.duration;
  }
}
