// MP3 duration from the frames themselves: the only figure that matches what players show for CBR
// and VBR alike, without trusting a header that an encoder may have left out.

export interface FrameHeader {
  /** 1 for MPEG-1, 2 for MPEG-2, 2.5 for MPEG-2.5. */
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  samplesPerFrame: number;
  frameLength: number;
  mono: boolean;
  crc: boolean;
}

const BITRATES_KBPS = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };

export function parseFrameHeader(buf: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > buf.length || buf[offset] !== 0xff || (buf[offset + 1] & 0xe0) !== 0xe0) return null;
  const versionBits = (buf[offset + 1] >> 3) & 3;
  const layerBits = (buf[offset + 1] >> 1) & 3;
  const bitrateIndex = buf[offset + 2] >> 4;
  const rateIndex = (buf[offset + 2] >> 2) & 3;
  // Reserved values, and free-format bitrate (index 0), whose frame length is not in the header.
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const table =
    version === 1
      ? [BITRATES_KBPS.v1l1, BITRATES_KBPS.v1l2, BITRATES_KBPS.v1l3][layer - 1]
      : layer === 1
        ? BITRATES_KBPS.v2l1
        : BITRATES_KBPS.v2l23;
  const bitrate = table[bitrateIndex] * 1000;
  const sampleRate = SAMPLE_RATES[version][rateIndex];
  const padding = (buf[offset + 2] >> 1) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 || version === 1 ? 1152 : 576;
  const frameLength =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
  return {
    version,
    layer,
    bitrate,
    sampleRate,
    samplesPerFrame,
    frameLength,
    mono: buf[offset + 3] >> 6 === 3,
    crc: (buf[offset + 1] & 1) === 0,
  };
}

/** Bytes taken by ID3v2 tags at the start (there may be more than one). */
export function id3v2Length(buf: Uint8Array): number {
  let offset = 0;
  while (offset + 10 <= buf.length && buf[offset] === 0x49 && buf[offset + 1] === 0x44 && buf[offset + 2] === 0x33) {
    const size =
      ((buf[offset + 6] & 0x7f) << 21) | ((buf[offset + 7] & 0x7f) << 14) | ((buf[offset + 8] & 0x7f) << 7) | (buf[offset + 9] & 0x7f);
    const footer = buf[offset + 5] & 0x10 ? 10 : 0;
    offset += 10 + size + footer;
  }
  return Math.min(offset, buf.length);
}

const ascii = (buf: Uint8Array, at: number, text: string) => [...text].every((c, i) => buf[at + i] === c.charCodeAt(0));

/**
 * A Xing/Info or VBRI frame carries no audio. When it has a LAME tag, the encoder delay and padding
 * in it say how many decoded samples are not part of the sound.
 */
function readInfoFrame(buf: Uint8Array, offset: number, h: FrameHeader): { trimSamples: number } | null {
  if (ascii(buf, offset + 36, 'VBRI')) return { trimSamples: 0 };
  const sideInfo = h.version === 1 ? (h.mono ? 17 : 32) : h.mono ? 9 : 17;
  const at = offset + 4 + (h.crc ? 2 : 0) + sideInfo;
  if (!ascii(buf, at, 'Xing') && !ascii(buf, at, 'Info')) return null;
  const flags = buf[at + 7];
  const lame = at + 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
  if (lame + 24 > offset + h.frameLength || !ascii(buf, lame, 'LAME')) return { trimSamples: 0 };
  const delay = (buf[lame + 21] << 4) | (buf[lame + 22] >> 4);
  const padding = ((buf[lame + 22] & 0x0f) << 8) | buf[lame + 23];
  return { trimSamples: delay + padding };
}

function sameStream(a: FrameHeader, b: FrameHeader): boolean {
  return a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate;
}

/** Finds the next frame whose successor (or the end of the data) confirms it is not a false sync. */
function resync(buf: Uint8Array, from: number, like: FrameHeader | null): number {
  for (let i = from; i + 4 <= buf.length; i++) {
    const h = parseFrameHeader(buf, i);
    if (!h || (like && !sameStream(h, like))) continue;
    const next = i + h.frameLength;
    if (next === buf.length) return i;
    const n = parseFrameHeader(buf, next);
    if (n && sameStream(h, n)) return i;
  }
  return -1;
}

/** Duration in seconds of the MPEG audio in `buf`, found by walking every frame header. */
export function mp3Duration(buf: Uint8Array): number {
  // A valid header right after the tags is trusted; anywhere else a sync needs its successor to confirm it.
  let offset = id3v2Length(buf);
  if (!parseFrameHeader(buf, offset)) offset = resync(buf, offset, null);
  if (offset < 0) return 0;
  let first: FrameHeader | null = null;
  let seconds = 0;
  let trimSamples = 0;
  while (offset >= 0 && offset < buf.length) {
    const h = parseFrameHeader(buf, offset);
    if (!h || (first && !sameStream(h, first)) || offset + h.frameLength > buf.length) {
      offset = resync(buf, offset + 1, first);
      continue;
    }
    const info = first ? null : readInfoFrame(buf, offset, h);
    if (info) trimSamples = info.trimSamples;
    else seconds += h.samplesPerFrame / h.sampleRate;
    first ??= h;
    offset += h.frameLength;
  }
  return first ? Math.max(0, seconds - trimSamples / first.sampleRate) : 0;
}
