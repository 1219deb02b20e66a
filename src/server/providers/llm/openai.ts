import { providerError, providerFetch, readBody } from '../errors';
import { type LlmProvider, VideoUnavailable } from './types';

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
 * Any OpenAI-compatible endpoint (`POST {base}/chat/completions`): structured answers in JSON mode,
 * read with the feature's schema (a model that strays is a malformed answer, never a broken track), and
 * plain answers. It searches nothing: the script writer asks it for the fact check with the script.
 */
export function openAiLlm(s: OpenAiSettings): LlmProvider & Required<Pick<LlmProvider, 'structured' | 'answer'>> {
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

  return {
    name: 'openai',
    /**
     * A structured answer in JSON mode (response_format json_object), read with the feature's schema. A
     * chat model takes text and images, not a video, and this machine would only have the page's title
     * to give it: an answer made from a title would be invented, so it says so.
     */
    async structured({ instructions, prompt, schema, temperature, video }) {
      if (video) throw new VideoUnavailable('openai', 'no-video-input');
      const content = await complete(instructions, prompt, {
        response_format: { type: 'json_object' },
        ...samplingFor(s.model, temperature),
      });
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
  };
}
