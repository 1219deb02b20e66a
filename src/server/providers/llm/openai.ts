import type { z } from 'zod';
import { providerError, providerFetch, readBody } from '../errors';
import { catalogueLabels, DraftAnswer, RewriteAnswer, SCRIPT_WRITER, SegueAnswer, segueAsk } from './answers';
import { modelFactCheck } from './fact-check';
import { type LlmProvider, type ScriptDraft, VideoUnavailable } from './types';

export interface OpenAiSettings {
  provider: 'openai';
  apiKey: string;
  /** Any OpenAI-compatible endpoint: https://api.openai.com/v1, a gateway, a local server. */
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/**
 * Reasoning models (the gpt-5 family, the o-series) refuse `temperature` other than the default and
 * `max_tokens` (400 unsupported_parameter / unsupported_value): they take `max_completion_tokens`.
 */
export const isReasoningModel = (model: string) => /^(gpt-5|o\d)(\b|[-.])/i.test(model.replace(/^.*\//, ''));

/** The sampling and length fields a model accepts. */
export function samplingFor(model: string, temperature: number, maxTokens?: number): Record<string, number> {
  if (isReasoningModel(model)) return maxTokens ? { max_completion_tokens: maxTokens } : {};
  return { temperature, ...(maxTokens ? { max_tokens: maxTokens } : {}) };
}

/**
 * The script writer of any OpenAI-compatible endpoint (`POST {base}/chat/completions`, JSON mode):
 * the answer is validated with the same schemas as the API's, so a model that strays is a malformed
 * answer, never a broken track.
 */
export function openAiLlm(s: OpenAiSettings): Required<LlmProvider> {
  /** One chat completion (the system message, the user's, the request's other fields): the first choice's content as it came. */
  async function complete(system: string, user: string, fields: Record<string, unknown>): Promise<unknown> {
    const res = await providerFetch(
      'openai',
      new URL(`${s.baseUrl.replace(/\/+$/, '')}/chat/completions`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
        body: JSON.stringify({
          model: s.model,
          ...fields,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
      },
      s.timeoutMs,
    );
    const body = (await readBody('openai', res, 'json')) as { choices?: { message?: { content?: unknown } }[] };
    return body?.choices?.[0]?.message?.content;
  }

  async function ask<T>(schema: z.ZodType<T>, user: string): Promise<T> {
    const content = await complete(SCRIPT_WRITER, user, { response_format: { type: 'json_object' }, ...samplingFor(s.model, 0.7) });
    if (typeof content !== 'string') throw providerError('openai', 'malformed', 'no message content');
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw providerError('openai', 'malformed', 'the message is not JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw providerError('openai', 'malformed', `the message is not the asked shape (${parsed.error.issues[0]?.path.join('.')})`);
    return parsed.data;
  }

  return {
    name: 'openai',
    async writeScript({ inputText, title }): Promise<ScriptDraft> {
      const draft = await ask(
        DraftAnswer,
        `次のテキストから台本を作り、{"title","script","labels","factCheck":{"status","confidence","summary","issues","claims"}} の JSON で返してください。${
          title ? `タイトル: ${title}\n` : 'タイトルは内容から30文字以内で付けてください。\n'
        }テキスト:\n${inputText}`,
      );
      return {
        ...draft,
        title: title || draft.title,
        labels: catalogueLabels(draft.labels),
        factCheck: await modelFactCheck(draft.script, draft.factCheck),
      };
    },
    async rewriteScript({ inputText, originalScript, issues }) {
      const rewritten = await ask(
        RewriteAnswer,
        `次の台本を、指摘された問題を直して書き直し、{"script","factCheck":{"status","confidence","summary","issues","claims"}} の JSON で返してください。\n指摘:\n${issues.map((i) => `- ${i}`).join('\n')}\n元のテキスト:\n${inputText}\n台本:\n${originalScript}`,
      );
      return { script: rewritten.script, factCheck: await modelFactCheck(rewritten.script, rewritten.factCheck) };
    },
    /** A question under the feature's instructions: they are the system message, the question the user's; plain text back. */
    async answer({ instructions, question }) {
      // A reasoning model spends part of the budget thinking: more room for the same answer.
      const content = await complete(instructions, question, samplingFor(s.model, 0.2, isReasoningModel(s.model) ? 4000 : 800));
      // A refusal or a filtered answer comes back without text: no answer, which the chat says so.
      if (content === null || content === undefined) return '';
      if (typeof content !== 'string') throw providerError('openai', 'malformed', 'the message content is not text');
      return content;
    },
    async writeSegue(input) {
      return (await ask(SegueAnswer, segueAsk(input))).script;
    },
    /**
     * An OpenAI-compatible chat model takes text and images, not a video, and this machine would only
     * have the page's title to give it: themes made from a title would be invented, so it says so.
     */
    async extractThemes() {
      throw new VideoUnavailable('openai', 'no-video-input');
    },
  };
}
