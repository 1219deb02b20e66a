import { afterAll, describe, expect, it } from 'vitest';
import { WALK_DIALOGUE } from '../../test/generation-kit';
import { espeakProvider } from '../tts/espeak';
import { parseDialogue } from '../tts/hosts';
import { speakDialogue, trimSilence } from './dialogue';
import { integratedLoudness } from './lufs';
import { medianPitch } from './pitch';

// Issue 15: the fallback offline voice (eSpeak NG) sounds like two hosts talking, at one level (-16 LUFS);
// Open JTalk's are in tts/openjtalk.test.ts.

afterAll(() => espeakProvider().close());

describe('two hosts', () => {
  it('parses who says what, taking the voice of the host in order for other names', () => {
    const lines = parseDialogue('司会：はじめまして\nゲスト：どうも\n司会：では\n続きの行');
    expect(lines.map((l) => [l.speaker, l.voice.voice])).toEqual([
      ['司会', 'ja+f2'],
      ['ゲスト', 'ja'],
      ['司会', 'ja+f2'],
      ['司会', 'ja+f2'],
    ]);
  });

  it('speaks ハルカ and ケンタ in clearly different voices that alternate with the script, at -16 LUFS', async () => {
    const { pcm, lines } = await speakDialogue(WALK_DIALOGUE, { tts: espeakProvider() });
    expect(lines).toHaveLength(6);
    const pitches = lines.map((l) => {
      const from = Math.round((l.startMs / 1000) * pcm.sampleRate);
      const to = Math.round((l.endMs / 1000) * pcm.sampleRate);
      return medianPitch(pcm.samples.subarray(from, to), pcm.sampleRate);
    });
    const haruka = pitches.filter((_, i) => i % 2 === 0);
    const kenta = pitches.filter((_, i) => i % 2 === 1);
    // Every ハルカ line sits well above every ケンタ line: the voices alternate as the turns do.
    expect(Math.min(...haruka)).toBeGreaterThan(Math.max(...kenta) + 40);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    expect(median(haruka)).toBeGreaterThan(170);
    expect(median(kenta)).toBeLessThan(140);
    expect(integratedLoudness(pcm)).toBeGreaterThan(-17);
    expect(integratedLoudness(pcm)).toBeLessThan(-15);
    // Lines follow each other with pauses, in order, none overlapping.
    for (let i = 1; i < lines.length; i++) {
      const gap = lines[i].startMs - lines[i - 1].endMs;
      expect(gap).toBeGreaterThanOrEqual(250);
      expect(gap).toBeLessThanOrEqual(600);
    }
    let peak = 0;
    for (const s of pcm.samples) peak = Math.max(peak, Math.abs(s));
    expect(peak).toBeLessThanOrEqual(Math.round(32767 * 10 ** (-1 / 20)) + 1);
  }, 60_000);

  it('trims the silence a voice leaves around a line', () => {
    const s = new Int16Array(22_050);
    s.fill(4000, 5000, 15_000);
    const trimmed = trimSilence(s, 22_050);
    expect(trimmed.length).toBe(10_000 + 2 * 221);
  });
});
