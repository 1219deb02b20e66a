import type { Programme } from '@shared/schemas/radio';
import { track as catalogueTrack } from '@web/lib/audio/test-support';
import { describe, expect, it } from 'vitest';
import { clockOf, PROGRAMME_QUEUE_ID, programmeQueue, programmeSecondsLeft } from './programme-queue';

const track = (id: number, title: string) => ({ ...catalogueTrack(id), title });

const programme: Programme = {
  minutes: 5,
  totalSeconds: 118,
  items: [
    { kind: 'track', seconds: 50, audioUrl: '/api/stream/7', trackId: 7, title: 'A', track: track(7, 'A') },
    { kind: 'segue', seconds: 10, audioUrl: '/api/radio/segues/3/audio', segueId: 3, title: 'つなぎ：次は「B」' },
    { kind: 'track', seconds: 50, audioUrl: '/api/stream/9', trackId: 9, title: 'B', track: track(9, 'B') },
    { kind: 'segue', seconds: 8, audioUrl: '/api/radio/segues/4/audio', segueId: 4, title: 'クロージング' },
  ],
};

describe('programme queue (#28.1)', () => {
  it('#28.1: tracks play from their start for their planned length; segues are interludes with their own address and no catalogue id', () => {
    const q = programmeQueue(programme);
    expect(q.map((e) => [e.id, e.duration, e.interlude?.audioUrl ?? null, e.fromStart ?? false])).toEqual([
      [7, 50, null, true],
      [-3, 10, '/api/radio/segues/3/audio', false],
      [9, 50, null, true],
      [-4, 8, '/api/radio/segues/4/audio', false],
    ]);
    expect(q[1].title).toBe('つなぎ：次は「B」');
    expect(q[1].posterName).toBe('無限');
  });

  it('#28.1: the time left is what the plan has still to play, from the current entry', () => {
    const queue = programmeQueue(programme);
    const playlist = { id: PROGRAMME_QUEUE_ID, name: 'あと5分の番組' };
    expect(programmeSecondsLeft({ playlist, queue, index: 0, currentTime: 0 })).toBe(118);
    expect(programmeSecondsLeft({ playlist, queue, index: 2, currentTime: 20 })).toBe(38);
    expect(programmeSecondsLeft({ playlist: { id: 1, name: '朝' }, queue, index: 0, currentTime: 0 })).toBe(null);
    expect(clockOf(118)).toBe('1:58');
    expect(clockOf(299.2)).toBe('5:00');
  });
});
