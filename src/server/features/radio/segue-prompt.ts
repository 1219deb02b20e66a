import { z } from 'zod';
import type { LlmProvider, SegueInput, SegueTrack } from '../../providers/llm/types';
import { SCRIPT_WRITER, ScriptText } from '../creation/public';
import { writeSegueScript } from './offline-segue';

/** What a real model is asked for a programme's segue (issue 28.2): two or three short lines, one host each. */
export function segueAsk(input: SegueInput): string {
  const about = (t: SegueTrack) => `「${t.title}」（${t.category ?? 'カテゴリなし'}）${t.gist ? `: ${t.gist.slice(0, 200)}` : ''}`;
  return input.to
    ? `トークラジオの番組で、いま終わったトラックから次のトラックへのつなぎを、ハルカとケンタの2〜3行の掛け合いで書いてください。声に出して3〜10秒（合計60字以内）で、次のトラックのタイトルかテーマを必ず言います。事実を足しません。{"script"} の JSON で返してください。\n終わったトラック: ${about(input.from)}\n次のトラック: ${about(input.to)}`
    : `トークラジオの番組の締めの言葉を、ハルカとケンタの2行の掛け合いで書いてください。声に出して3〜8秒（合計45字以内）で、最後のトラックに触れてお礼を言います。{"script"} の JSON で返してください。\n最後のトラック: ${about(input.from)}`;
}

/** A segue's script: a two-host script short enough to say in a few seconds. */
export const SegueAnswer = z.object({ script: ScriptText.refine((s) => s.length <= 160, 'segue too long') });

/** A segue is livelier than a track's script. */
const SEGUE_TEMPERATURE = 0.9;

/**
 * The hosts' bridge between two tracks of a programme, or its closing: asked of the model under the
 * script writer's instructions, or written by the offline writer when there is no model (offline-segue.ts).
 */
export async function writeSegue(llm: LlmProvider, input: SegueInput): Promise<string> {
  if (!llm.structured) return writeSegueScript(input);
  const answer = await llm.structured({
    instructions: SCRIPT_WRITER,
    prompt: segueAsk(input),
    schema: SegueAnswer,
    temperature: SEGUE_TEMPERATURE,
  });
  return answer.script;
}
