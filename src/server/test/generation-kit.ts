import type { Db } from '../db/client';
import { themes } from '../db/schema';
import type { RenderedDialogue } from '../providers/audio/render';
import type { PcmAudio } from '../providers/tts/types';

type Line = RenderedDialogue['lines'][number];

/** The one transcript line a fake render answers unless told otherwise. */
export const HELLO_LINE: Line = { speaker: 'ハルカ', text: 'こんにちは', startMs: 0, endMs: 900 };

/**
 * A voice for the job workers that answers at once (MP3 bytes that name the script's length and the
 * speaking rate), counts its calls, and can be held until the test lets it go.
 */
export function fakeRender(opts: { label?: string; duration?: number; lines?: (script: string) => Line[] } = {}) {
  const { label = 'final', duration = 60, lines = () => [HELLO_LINE] } = opts;
  let gate: Promise<void> | null = null;
  let onStart: (() => void) | null = null;
  const fake = {
    calls: 0,
    render: async (script: string, speakingRate = 1): Promise<RenderedDialogue> => {
      fake.calls++;
      onStart?.();
      if (gate) await gate;
      const mp3 = Buffer.from(`ID3-${label}-${script.length}-${speakingRate}`);
      return { mp3, mp3Hq: Buffer.concat([mp3, mp3]), duration, lines: lines(script) };
    },
    /** Holds every render from now on until `release()`; `started` resolves when the next one begins. */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => {
        release = r;
      });
      const started = new Promise<void>((r) => {
        onStart = r;
      });
      return { started, release };
    },
    /** Renders answer at once again. */
    reset() {
      gate = null;
      onStart = null;
    },
  };
  return fake;
}

/** A theme the operators approved, ready to be generated. */
export async function approvedTheme(db: Db, fields: Partial<typeof themes.$inferInsert> = {}) {
  const [row] = await db
    .insert(themes)
    .values({
      title: '朝の散歩',
      perspective: '続けるコツ',
      content: '朝の散歩は気分を整える習慣です。日光を浴びると体内時計が整うと言われています。',
      status: 'approved',
      ...fields,
    })
    .returning();
  return row;
}

/** A sine tone of `seconds` as 16-bit PCM, for the MP3 encoder and the audio checks. */
export function tone(seconds: number, sampleRate = 22_050, frequency = 330): PcmAudio {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(6000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  return { samples, sampleRate };
}

/** A short two-host script (six turns) for the tests that speak a dialogue. */
export const WALK_DIALOGUE = [
  'ハルカ：こんにちは、ハルカです。今日は朝の散歩についてお話しします。',
  'ケンタ：ケンタです。朝に歩くと、一日がすっきり始まりますよね。',
  'ハルカ：そうなんです。少し早起きするだけで、気持ちが変わります。',
  'ケンタ：なるほど。どのくらい歩けばいいんでしょうか。',
  'ハルカ：まずは十五分くらいから始めるのがおすすめです。',
  'ケンタ：それなら続けられそうです。ありがとうございました。',
].join('\n');
