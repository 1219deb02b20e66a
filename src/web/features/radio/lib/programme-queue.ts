import { PROGRAMME_MESSAGES } from '@shared/rules/programme';
import type { Programme } from '@shared/schemas/radio';
import type { PlayerSnapshot, PlaylistRef, QueueTrack } from '@web/lib/audio/engine';

/** A programme plays as a playlist of this id (playlists have positive ids): the player stops after its closing. */
export const PROGRAMME_QUEUE_ID = -28;

export const programmeRef = (name: string): PlaylistRef => ({ id: PROGRAMME_QUEUE_ID, name });

/**
 * The programme as the player's queue: each track as itself (from its start, so the programme ends on
 * time), each segue as an interlude with its own address, shown with the next track's poster (the closing
 * with the last one's), and every entry as long as the programme planned it.
 */
export function programmeQueue(p: Programme): QueueTrack[] {
  const entries: QueueTrack[] = [];
  let last: QueueTrack | null = null;
  p.items.forEach((item, i) => {
    if (item.kind === 'track' && item.track) {
      last = { ...item.track, duration: item.seconds, fromStart: true };
      entries.push(last);
      return;
    }
    const next = p.items.slice(i + 1).find((n) => n.kind === 'track')?.track ?? last;
    if (!next) return;
    entries.push({
      ...next,
      // Negative, so no interlude is taken for a catalogue track (queue lookups go by id).
      id: -(item.segueId ?? i + 1),
      title: item.title ?? PROGRAMME_MESSAGES.closingTitle,
      duration: item.seconds,
      isPremiumOnly: false,
      fromStart: false,
      interlude: { audioUrl: item.audioUrl, ...(item.fallbackUrl ? { fallbackUrl: item.fallbackUrl } : {}) },
    });
  });
  return entries;
}

/** Seconds of the programme still to come, by its plan; null when no programme plays. */
export function programmeSecondsLeft(s: Pick<PlayerSnapshot, 'playlist' | 'queue' | 'index' | 'currentTime'>): number | null {
  if (s.playlist?.id !== PROGRAMME_QUEUE_ID || s.index < 0) return null;
  let left = 0;
  for (let i = s.index; i < s.queue.length; i++) left += s.queue[i].duration;
  return Math.max(0, left - s.currentTime);
}

/** 3:05, 12:00: the time left as the player shows it. */
export function clockOf(seconds: number): string {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
