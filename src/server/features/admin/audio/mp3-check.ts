import { id3v2Length, mp3Duration, parseFrameHeader } from '../../../providers/audio/mp3-duration';

/** Consecutive frames of one stream that make a file MP3 (a stray 0xFFE sync in other data rarely chains). */
const FRAMES_NEEDED = 4;
/** How far after the tags the first frame may start (junk or padding some encoders leave). */
const SEARCH_BYTES = 64 * 1024;

/**
 * Whether `buf` is MPEG audio layer III, judged by its content (decision 0022): after any ID3v2 tags,
 * FRAMES_NEEDED frame headers of one stream (same version, layer III, same sample rate) follow one
 * another exactly where each frame's length says (the whole file when it is shorter), and the frames
 * add up to a positive duration. The file name and the Content-Type a browser sends are not read.
 */
export function isMp3(buf: Uint8Array): boolean {
  const start = id3v2Length(buf);
  const end = Math.min(buf.length, start + SEARCH_BYTES);
  for (let i = start; i + 4 <= end; i++) {
    if (buf[i] !== 0xff) continue;
    const first = parseFrameHeader(buf, i);
    if (first?.layer !== 3) continue;
    if (chains(buf, i)) return mp3Duration(buf) > 0;
  }
  return false;
}

function chains(buf: Uint8Array, at: number): boolean {
  const first = parseFrameHeader(buf, at);
  if (!first) return false;
  let offset = at;
  for (let n = 0; n < FRAMES_NEEDED; n++) {
    const h = parseFrameHeader(buf, offset);
    if (h?.layer !== 3 || h.version !== first.version || h.sampleRate !== first.sampleRate) return false;
    offset += h.frameLength;
    // A short file: its frames reach exactly its end (or an ID3v1 tag of 128 bytes).
    if (offset === buf.length || (offset + 128 === buf.length && buf[offset] === 0x54)) return n >= 1;
    if (offset > buf.length) return false;
  }
  return true;
}
