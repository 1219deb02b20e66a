import { describe, expect, it } from 'vitest';
import type { SpeechRequest, TtsProvider } from '../tts/types';
import { parseFrameHeader } from './mp3-duration';
import { renderSpeechToMp3 } from './render';

class ToneTts implements TtsProvider {
  readonly name = 'tone';
  requests: SpeechRequest[] = [];
  async synthesize(req: SpeechRequest) {
    this.requests.push(req);
    const samples = new Int16Array(22_050 * 2);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(500 * Math.sin(i / 10));
    return { samples, sampleRate: 22_050 };
  }
}

describe('renderSpeechToMp3', () => {
  it('passes the request to the provider and measures the duration on the MP3 it made', async () => {
    const tts = new ToneTts();
    const { mp3, duration } = await renderSpeechToMp3('こんにちは', { tts, speakingRate: 1.2, voice: 'x', kbps: 48 });
    expect(tts.requests).toEqual([{ text: 'こんにちは', speakingRate: 1.2, voice: 'x' }]);
    expect(parseFrameHeader(mp3, 0)?.bitrate).toBe(48_000);
    expect(Math.abs(duration - 2)).toBeLessThan(0.15);
  });
});
