import { describe, expect, it } from 'vitest';
import { tone } from '../../test/generation-kit';
import { encodeMp3 } from './mp3';
import { id3v2Length, mp3Duration, parseFrameHeader } from './mp3-duration';

function id3v2(bodySize: number): Buffer {
  const tag = Buffer.alloc(10 + bodySize, 0xff); // 0xFF bytes inside the tag must not be taken for a frame sync
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  tag[4] = 0;
  tag[5] = 0;
  for (let i = 0; i < 4; i++) tag[6 + i] = (bodySize >> (7 * (3 - i))) & 0x7f;
  return tag;
}

function id3v1(): Buffer {
  const tag = Buffer.alloc(128, 0x20);
  tag.write('TAG', 0, 'latin1');
  return tag;
}

/** A LAME "Info" frame shaped like the first frame of `mp3`, carrying encoder delay and padding. */
function infoFrame(mp3: Buffer, delay: number, padding: number): Buffer {
  const header = parseFrameHeader(mp3, 0)!;
  const frame = Buffer.alloc(header.frameLength);
  mp3.copy(frame, 0, 0, 4);
  const at = 4 + 9; // MPEG-2 mono side information
  frame.write('Info', at, 'latin1');
  frame.writeUInt32BE(1, at + 4); // flags: frame count only
  frame.writeUInt32BE(999, at + 8);
  const lame = at + 12;
  frame.write('LAME3.100', lame, 'latin1');
  frame[lame + 21] = delay >> 4;
  frame[lame + 22] = ((delay & 0x0f) << 4) | (padding >> 8);
  frame[lame + 23] = padding & 0xff;
  return frame;
}

describe('encodeMp3', () => {
  it('writes 64 kbit/s mono MPEG-2 layer III at the input rate by default', () => {
    const mp3 = encodeMp3(tone(1));
    const header = parseFrameHeader(mp3, 0);
    expect(header).toMatchObject({ version: 2, layer: 3, bitrate: 64_000, sampleRate: 22_050, mono: true });
    // 64 kbit/s is 8 kB per second.
    expect(mp3.length).toBeGreaterThan(7_000);
    expect(mp3.length).toBeLessThan(9_500);
  });

  it('honours another bitrate', () => {
    expect(parseFrameHeader(encodeMp3(tone(1), { kbps: 32 }), 0)?.bitrate).toBe(32_000);
  });

  it('refuses a sample rate MP3 cannot carry', () => {
    expect(() => encodeMp3({ samples: new Int16Array(100), sampleRate: 22_000 })).toThrow(/22000 Hz/);
  });
});

describe('mp3Duration', () => {
  const pcm = tone(3);
  const mp3 = encodeMp3(pcm);
  const expected = pcm.samples.length / pcm.sampleRate;

  it('matches the PCM length to within the encoder padding', () => {
    const duration = mp3Duration(mp3);
    expect(Math.abs(duration - expected)).toBeLessThan(0.15);
    // Frames hold 576 samples each, so the figure is a whole number of frames.
    expect(Number.isInteger(Math.round(((duration * 22_050) / 576) * 1e6) / 1e6)).toBe(true);
  });

  it('skips an ID3v2 tag at the start and an ID3v1 tag at the end', () => {
    const tagged = Buffer.concat([id3v2(3000), mp3, id3v1()]);
    expect(id3v2Length(tagged)).toBe(3010);
    expect(mp3Duration(tagged)).toBeCloseTo(mp3Duration(mp3), 6);
  });

  it('resynchronises after junk between frames', () => {
    const first = parseFrameHeader(mp3, 0)!.frameLength;
    const junk = Buffer.from('not audio at all, just junk bytes', 'latin1');
    const broken = Buffer.concat([mp3.subarray(0, first), junk, mp3.subarray(first)]);
    expect(mp3Duration(broken)).toBeCloseTo(mp3Duration(mp3), 6);
  });

  it('does not count a LAME Info frame as audio and trims its encoder delay and padding', () => {
    const withInfo = Buffer.concat([infoFrame(mp3, 576, 1000), mp3]);
    expect(mp3Duration(withInfo)).toBeCloseTo(mp3Duration(mp3) - 1576 / 22_050, 6);
  });

  it('is zero for something that is not MPEG audio', () => {
    expect(mp3Duration(Buffer.alloc(0))).toBe(0);
    expect(mp3Duration(Buffer.from('RIFF....WAVEfmt just a text file'))).toBe(0);
  });
});
