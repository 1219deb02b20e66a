import type { Track } from '@shared/schemas/track';
import { vi } from 'vitest';

/** Just enough of an <audio> element for the engine: attributes, events, play/pause/load. */
export class FakeAudio extends EventTarget {
  private attrs = new Map<string, string>();
  paused = true;
  currentTime = 0;
  duration = Number.NaN;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  error: { code: number; message: string } | null = null;
  readyState = 0;
  seeking = false;
  ended = false;
  preload = '';
  playResult: () => Promise<void> = async () => {
    this.paused = false;
    this.emit('play');
  };
  loads = 0;

  get src() {
    return this.attrs.get('src') ?? '';
  }
  set src(v: string) {
    this.attrs.set('src', v);
  }
  hasAttribute(n: string) {
    return this.attrs.has(n);
  }
  getAttribute(n: string) {
    return this.attrs.get(n) ?? null;
  }
  setAttribute(n: string, v: string) {
    this.attrs.set(n, v);
  }
  removeAttribute(n: string) {
    this.attrs.delete(n);
  }
  load() {
    this.loads += 1;
    this.currentTime = 0;
    this.readyState = 0;
    this.duration = Number.NaN;
  }
  play() {
    return this.playResult();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }
  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
  /** The browser has the stream: metadata, then enough data to play. */
  becomeReady(duration = 60) {
    this.duration = duration;
    this.readyState = 1;
    this.emit('loadedmetadata');
    this.readyState = 4;
    this.emit('canplay');
  }
  /** Playback moves on by `seconds`, in time updates of 0.25 s as a browser sends them. */
  advance(seconds: number) {
    for (let t = 0; t < seconds; t += 0.25) {
      this.currentTime = Math.min(this.duration, this.currentTime + 0.25);
      this.emit('timeupdate');
    }
  }
  /** The end of the track: the element pauses, then ends. */
  finish() {
    this.currentTime = this.duration;
    this.emit('timeupdate');
    this.ended = true;
    this.pause();
    this.emit('ended');
    this.ended = false;
  }
}

export const track = (id: number): Track => ({
  id,
  title: `音声 ${id}`,
  filename: `${id}.mp3`,
  duration: 60,
  uploadedAt: '2025-05-29T00:00:00.000Z',
  playCount: 0,
  likeCount: 0,
  impressionCount: 0,
  bookmarkCount: 0,
  createdBy: 'mugen',
  posterName: '無限',
  posterPicture: '∞',
  posterCustomUserId: 'mugen',
  isVisible: true,
  category: 'ニュース',
  isPremiumOnly: false,
});

/** Lets the element of the current load become ready and play. */
export async function startPlaying(el: FakeAudio) {
  await vi.advanceTimersByTimeAsync(50);
  el.becomeReady();
  el.paused = false;
  el.emit('play');
  el.emit('playing');
}
