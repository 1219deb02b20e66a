import { initialTrackIndex, nextIndex, previousIndex } from '@shared/rules/player';
import type { Track } from '@shared/schemas/track';
import type { Playback } from './playback';
import type { EngineCore, PlaylistRef, QueueTrack } from './player-state';
import type { NextTrackPreparer } from './prepared-track';

/**
 * The queue the player walks: the catalogue (in its order), or a playlist that stops after its last
 * track; which track is current, and what next and previous mean.
 */
export class PlayQueue {
  /** The catalogue as last adopted: where the player goes back to when it leaves a playlist. */
  private catalogue: readonly Track[] = [];

  constructor(
    private readonly core: EngineCore,
    private readonly playback: Playback,
    private readonly preparer: NextTrackPreparer,
  ) {}

  /**
   * Takes the catalogue as the queue. Keeps the current track when there is one (it goes first if the
   * catalogue lacks it); otherwise cues the requested id, else track 74, else the first.
   * A requested id other than the current track selects it (playing on if something was playing).
   */
  adoptCatalogue(tracks: readonly Track[], requestedId: number | null = null) {
    const { core, playback } = this;
    this.catalogue = tracks;
    if (core.state.playlist) {
      // A playlist keeps its queue; only a requested track other than the current one leaves it.
      if (requestedId == null || core.state.track?.id === requestedId) return;
      core.quietly({ playlist: null });
    }
    const { track, isPlaying } = core.state;
    const requestedIndex = requestedId == null ? -1 : tracks.findIndex((t) => t.id === requestedId);
    if (requestedIndex >= 0 && track?.id !== requestedId) {
      core.quietly({ queue: tracks });
      playback.select(requestedIndex, { autoplay: isPlaying });
      return;
    }
    if (track) {
      const i = tracks.findIndex((t) => t.id === track.id);
      if (i >= 0) core.set({ queue: tracks, index: i });
      else core.set({ queue: [track, ...tracks], index: 0 });
      // A new order may have a new next track.
      if (isPlaying) this.preparer.prepareNext();
      return;
    }
    const i = initialTrackIndex(
      tracks.map((t) => t.id),
      requestedId,
    );
    core.quietly({ queue: tracks });
    if (i >= 0) playback.select(i, { autoplay: playback.autoplayRequested });
  }

  /**
   * Makes `track` current: its place in the queue if it has one, else right after the current track. A
   * track from outside the playing playlist leaves the playlist for the catalogue.
   */
  playTrack(track: Track, { autoplay }: { autoplay: boolean }) {
    const { core, playback } = this;
    // Premium-only content a free listener chose: not played here (the app opens /premium, #24.11).
    if (track.isPremiumOnly && core.hooks.premiumRequired?.(track)) return;
    if (core.state.track?.id === track.id) {
      if (autoplay) playback.play();
      return;
    }
    if (core.state.playlist && !core.state.queue.some((t) => t.id === track.id)) {
      const i = this.catalogue.findIndex((t) => t.id === track.id);
      core.quietly({ playlist: null, queue: i >= 0 ? this.catalogue : [track, ...this.catalogue] });
      playback.select(Math.max(i, 0), { autoplay });
      return;
    }
    const { queue, index } = core.state;
    const found = queue.findIndex((t) => t.id === track.id);
    if (found >= 0) {
      playback.select(found, { autoplay });
      return;
    }
    const at = index + 1;
    core.quietly({ queue: [...queue.slice(0, at), track, ...queue.slice(at)] });
    playback.select(at, { autoplay });
  }

  /**
   * Plays a playlist: its tracks become the queue, starting at `startIndex`, and playback stops at the
   * end of the last one (listener spec §4 Audio player). `autoplay` false only cues it (a programme
   * restored after a reload, which plays when the listener presses play).
   */
  playPlaylist(playlist: PlaylistRef, tracks: readonly QueueTrack[], startIndex = 0, { autoplay = true } = {}) {
    const { core, playback } = this;
    if (tracks.length === 0) return;
    const start = Math.min(Math.max(0, startIndex), tracks.length - 1);
    const same = core.state.playlist?.id === playlist.id && core.state.track?.id === tracks[start].id;
    core.quietly({ playlist: { id: playlist.id, name: playlist.name }, queue: tracks });
    if (same) {
      core.set({ index: start });
      if (autoplay) playback.play();
      return;
    }
    playback.select(start, { autoplay });
  }

  /** Writes new counts of a track (after a like, say) into the queue and the current track. */
  updateTrack(id: number, patch: Partial<Pick<Track, 'likeCount' | 'playCount' | 'impressionCount'>>) {
    const apply = (t: Track) => (t.id === id ? { ...t, ...patch } : t);
    this.catalogue = this.catalogue.map(apply);
    const { track, queue } = this.core.state;
    if (!queue.some((t) => t.id === id) && track?.id !== id) return;
    this.core.set({ queue: queue.map(apply), track: track ? apply(track) : track });
  }

  next() {
    const { index, queue } = this.core.state;
    if (queue.length === 0) return;
    this.playback.select(nextIndex(index, queue.length), { autoplay: true, direction: 'next' });
  }

  previous() {
    const { index, queue } = this.core.state;
    if (queue.length === 0) return;
    this.playback.select(previousIndex(index, queue.length), { autoplay: true, direction: 'previous' });
  }
}
