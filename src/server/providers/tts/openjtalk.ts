// The default offline voice (decision 0041): Open JTalk, a native program (Debian's open-jtalk and its
// NAIST dictionary, BSD-3-Clause) speaking with the HTS voice "NIT ATR503 M001" (CC BY 3.0, kept in
// vendor/open-jtalk-voice). It reads kanji and places Japanese accents itself, so the render helper that
// runs it loads neither kuromoji nor eSpeak's WASM. One process per piece of text, at most
// OPEN_JTALK_CONCURRENCY at a time; a piece whose trace shows a breath group the voice would draw out is
// spoken again with pauses put in (withBreathPauses in openjtalk-text.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_NAMES } from '../../../shared/constants';
import { parseWav } from '../audio/wav';
import { substituteReadings } from '../japanese/dictionary';
import { analysedWords, openJtalkText, withBreathPauses } from './openjtalk-text';
import { joinAtMatchedLoudness, splitForSpeech } from './split';
import { clampSpeakingRate, type PcmAudio, type SpeechRequest, type TtsProvider } from './types';

export const OPEN_JTALK_SAMPLE_RATE = 24_000;
/** 5 ms frames at 24 kHz (the voice was trained at 48 kHz with 240-sample frames). */
const FRAME_PERIOD = 120;
/** open_jtalk reads its input a line at a time into a 1,024-byte buffer: a longer sentence is cut at its commas. */
const MAX_SENTENCE_BYTES = 900;
/**
 * Whole sentences up to this much (about 100 characters) are one process, so the pieces of a long line
 * are spoken side by side, and a short line is one process.
 */
const PIECE_BYTES = 300;
export const OPEN_JTALK_CONCURRENCY = 2;
const VOICE_FILE = 'nitech_jp_atr503_m001.htsvoice';
const DICTIONARY_DIRS = ['/var/lib/mecab/dic/open-jtalk/naist-jdic', '/usr/share/open-jtalk/dic', '/usr/local/share/open_jtalk/dic'];

/** What installs it on Debian and Ubuntu (scripts/ensure-open-jtalk.mjs runs it at `npm start` as root). */
export const OPEN_JTALK_INSTALL = 'apt-get update && apt-get install -y --no-install-recommends open-jtalk open-jtalk-mecab-naist-jdic';

/** The credit CC BY 3.0 asks for wherever the voice's audio is published. */
export const OPEN_JTALK_CREDIT = 'Open JTalk（HTS Voice "NIT ATR503 M001"、名古屋工業大学、CC BY 3.0）';

/**
 * How the one voice becomes the two hosts (decision 0041): the voice's own pitch (about 120 Hz at this
 * setting) is ケンタ's; ハルカ is raised nine half-tones (about 200 Hz) and given a larger all-pass
 * constant, which shortens the apparent vocal tract as a female voice's is shorter.
 */
export const OPEN_JTALK_HOSTS = {
  ケンタ: { halfTones: 0, allPass: 0.55 },
  ハルカ: { halfTones: 9, allPass: 0.6 },
} as const;

export interface OpenJtalkFiles {
  binary: string;
  dictionary: string;
  voice: string;
}

/** The program on PATH, the first dictionary found, and the voice kept in the repository. */
export function findOpenJtalk(): { files: OpenJtalkFiles } | { missing: string } {
  const binary = (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'open_jtalk'))
    .find((p) => fs.existsSync(p));
  if (!binary) return { missing: 'no open_jtalk on PATH' };
  const dictionary = DICTIONARY_DIRS.find((dir) => fs.existsSync(path.join(dir, 'sys.dic')));
  if (!dictionary) return { missing: `no Open JTalk dictionary (${DICTIONARY_DIRS[0]})` };
  const voice = vendoredVoice();
  if (!voice) return { missing: `no voice file vendor/open-jtalk-voice/${VOICE_FILE}` };
  return { files: { binary, dictionary, voice } };
}

/** vendor/open-jtalk-voice from the sources (src/server/providers/tts) or the build (dist/server). */
function vendoredVoice(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = path.join(dir, 'vendor', 'open-jtalk-voice', VOICE_FILE);
    if (fs.existsSync(file)) return file;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** A slot among OPEN_JTALK_CONCURRENCY: open_jtalk processes never outnumber it in this process. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * The katakana as spoken from open_jtalk's trace: each word's pronunciation (the tenth field of its
 * [Text analysis result] line, the accent mark ’ removed); punctuation kept as written, but for the
 * full-width comma (BREATH_PAUSE, which the provider puts in as a pause and open_jtalk makes of a Latin one).
 */
export function readingFromTrace(trace: string): string {
  const out: string[] = [];
  for (const { surface, pos, pron } of analysedWords(trace)) {
    const spoken = pron.replace(/’/g, '');
    if (pos === '記号') {
      if (/^[、。！？!?]$/.test(surface)) out.push(surface.replace('!', '！').replace('?', '？'));
      continue;
    }
    out.push(/^[\u30A0-\u30FF]+$/.test(spoken) ? spoken : surface);
  }
  return out.join('');
}

export class OpenJtalkTtsProvider implements TtsProvider {
  readonly name = 'open-jtalk';
  private readonly slot = limiter(OPEN_JTALK_CONCURRENCY);

  constructor(private readonly files: OpenJtalkFiles) {}

  async synthesize(req: SpeechRequest): Promise<PcmAudio & { reading: string }> {
    const text = openJtalkText(substituteReadings(req.text, req.readings ?? []))
      .replace(/\s*\n\s*/g, '。')
      .trim();
    const pieces = text ? splitForSpeech(text, { maxBytes: PIECE_BYTES, maxSentenceBytes: MAX_SENTENCE_BYTES }) : [];
    if (!pieces.length) return { samples: new Int16Array(0), sampleRate: OPEN_JTALK_SAMPLE_RATE, reading: '' };
    const spoken = await Promise.all(pieces.map((piece) => this.speak(piece, req)));
    const pcm = joinAtMatchedLoudness(spoken.map((s) => s.pcm));
    return { ...pcm, reading: spoken.map((s) => readingFromTrace(s.trace)).join('') };
  }

  /**
   * One piece, spoken again with pauses put in where its trace shows a breath group longer than the
   * voice speaks at its pace (withBreathPauses): only those pieces cost a second process.
   */
  private async speak(text: string, req: SpeechRequest): Promise<{ pcm: PcmAudio; trace: string }> {
    const first = await this.slot(() => this.run(text, req));
    const paced = withBreathPauses(text, first.trace);
    return paced ? this.slot(() => this.run(paced, req)) : first;
  }

  /**
   * One open_jtalk process: the text on stdin, the WAVE and the trace in a folder of its own under the
   * system's temporary folder, removed after (Node's pipes are sockets, which open_jtalk cannot open by name).
   */
  private async run(text: string, req: SpeechRequest): Promise<{ pcm: PcmAudio; trace: string }> {
    const host = OPEN_JTALK_HOSTS[req.host ?? HOST_NAMES[1]];
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `mugen-open-jtalk-${process.pid}-`));
    const wav = path.join(dir, 'speech.wav');
    const trace = path.join(dir, 'trace.txt');
    const args = [
      ['-x', this.files.dictionary],
      ['-m', this.files.voice],
      ['-s', String(OPEN_JTALK_SAMPLE_RATE)],
      ['-p', String(FRAME_PERIOD)],
      ['-a', String(host.allPass)],
      ['-fm', String(host.halfTones)],
      ['-r', String(clampSpeakingRate(req.speakingRate))],
      ['-ow', wav],
      ['-ot', trace],
    ].flat();
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(this.files.binary, args, { stdio: ['pipe', 'ignore', 'pipe'] });
        const errors: Buffer[] = [];
        child.stderr?.on('data', (d: Buffer) => errors.push(d));
        child.on('error', reject);
        child.on('close', (code) => {
          const why = Buffer.concat(errors).toString().trim().split('\n').at(-1) ?? '';
          if (code === 0) resolve();
          else reject(new Error(`open_jtalk exited with code ${code}${why ? `: ${why}` : ''}`));
        });
        child.stdin?.end(`${text}\n`);
      });
      const [audio, analysis] = await Promise.all([fs.promises.readFile(wav), fs.promises.readFile(trace, 'utf8')]);
      return { pcm: parseWav(audio), trace: analysis };
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  async credit(): Promise<string> {
    return OPEN_JTALK_CREDIT;
  }
}

let shared: OpenJtalkTtsProvider | undefined;

/** The process-wide instance, or null (with why) when Open JTalk is not installed. */
export function openJtalkProvider(): { tts: OpenJtalkTtsProvider } | { missing: string } {
  if (shared) return { tts: shared };
  const found = findOpenJtalk();
  if ('missing' in found) return found;
  shared = new OpenJtalkTtsProvider(found.files);
  return { tts: shared };
}
