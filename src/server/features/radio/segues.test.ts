import { describe, expect, it } from 'vitest';
import { SEGUE_SECONDS } from '../../../shared/rules/programme';
import { renderDialogueToMp3 } from '../../providers/audio/render';
import { writeSegueScript } from './offline-segue';
import { fitToSlot } from './segues';

describe('a segue in the hosts voices (#28.2)', () => {
  it('#28.2: spoken by the offline voice (the tracks render, -16 LUFS) in 3 to 8 s, then fitted to its 8 s slot', async () => {
    const script = writeSegueScript({
      from: { title: '銭湯の歴史', category: '文化', gist: '' },
      to: { title: '宇宙の始まり', category: '科学', gist: '' },
      seconds: SEGUE_SECONDS.usual,
    });
    const spoken: number[] = [];
    const audio = await fitToSlot(async (rate) => {
      const r = await renderDialogueToMp3(script, { speakingRate: rate });
      spoken.push(r.duration);
      return r;
    }, SEGUE_SECONDS.usual);
    expect(spoken[0]).toBeGreaterThanOrEqual(3);
    expect(spoken.at(-1)).toBeLessThanOrEqual(SEGUE_SECONDS.usual);
    expect(Math.abs((audio?.duration ?? 0) - SEGUE_SECONDS.usual)).toBeLessThan(0.15);
  }, 120_000);
});
