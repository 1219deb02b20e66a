import { z } from 'zod';
import type { LlmProvider, SegueInput, SegueTrack } from '../../providers/llm/types';
import { SCRIPT_WRITER, ScriptText } from '../creation/public';
import { writeSegueScript } from './offline-segue';

/** About how many characters the hosts say in a second (the offline voice's pace, creation's speechSeconds). */
const CHARS_PER_SECOND = 6;
/** The most characters a talk of this length may have (its schema's bound). */
export const segueChars = (seconds: number) => Math.round(seconds * CHARS_PER_SECOND);

/**
 * What a real model is asked for a programme's talk (issue 28.2), for its length (issue 40.1): a segue
 * from one track into the next, the opening before the first, or the closing after the last, as lines of
 * the two hosts, about `seconds` long when said aloud (and at most that many characters).
 */
export function segueAsk(input: SegueInput): string {
  const about = (t: SegueTrack) => `「${t.title}」（${t.category ?? 'カテゴリなし'}）${t.gist ? `: ${t.gist.slice(0, 200)}` : ''}`;
  const length = `声に出して約${input.seconds}秒（${segueChars(input.seconds)}字以内、${Math.round(segueChars(input.seconds) * 0.8)}字以上）`;
  const lines = input.seconds <= 15 ? '2〜3行の掛け合い' : '掛け合い（1行ずつ交互に）';
  if (input.from && input.to) {
    return `トークラジオの番組で、いま終わったトラックから次のトラックへのつなぎを、ハルカとケンタの${lines}で書いてください。${length}で、次のトラックのタイトルかテーマを必ず言います。事実を足しません。{"script"} の JSON で返してください。\n終わったトラック: ${about(input.from)}\n次のトラック: ${about(input.to)}`;
  }
  if (input.to) {
    return `トークラジオの番組のオープニングを、ハルカとケンタの${lines}で書いてください。${length}で、あいさつをして、最初のトラックを紹介します。事実を足しません。{"script"} の JSON で返してください。\n最初のトラック: ${about(input.to)}`;
  }
  return `トークラジオの番組の締めの言葉を、ハルカとケンタの${lines}で書いてください。${length}で、最後のトラックに触れてお礼を言います。{"script"} の JSON で返してください。\n最後のトラック: ${about(input.from as SegueTrack)}`;
}

/** A talk's script: a two-host script no longer than its length allows. */
export const segueAnswer = (seconds: number) =>
  z.object({ script: ScriptText.refine((s) => s.length <= Math.max(40, segueChars(seconds) + 20), 'segue too long') });

/** A segue is livelier than a track's script. */
const SEGUE_TEMPERATURE = 0.9;

/**
 * The hosts' talk between two tracks of a programme, its opening or its closing, for its length: asked of
 * the model under the script writer's instructions, or written by the offline writer when there is no
 * model (offline-segue.ts). The short bridge that names no track is always the offline writer's.
 */
export async function writeSegue(llm: LlmProvider, input: SegueInput): Promise<string> {
  if (!llm.structured || (!input.from && !input.to)) return writeSegueScript(input);
  const answer = await llm.structured({
    instructions: SCRIPT_WRITER,
    prompt: segueAsk(input),
    schema: segueAnswer(input.seconds),
    temperature: SEGUE_TEMPERATURE,
  });
  return answer.script;
}
