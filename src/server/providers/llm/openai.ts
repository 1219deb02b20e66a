import { z } from 'zod';
import { ProviderError, providerError, providerFetch, readBody, readBodyAs } from '../errors';
import { type LlmProvider, VideoUnavailable } from './types';

export interface OpenAiSettings {
  provider: 'openai';
  apiKey: string;
  /** Any OpenAI-compatible endpoint: https://api.openai.com/v1, a gateway, a local server. */
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/** The sampling and length fields a chat completion may carry, as the caller asks them. */
interface Sampling {
  temperature: number;
  /** The answer's own length; a model that takes `max_completion_tokens` gets room to reason on top. */
  maxTokens?: number;
}

/**
 * A model that takes `max_completion_tokens` (a reasoning model) spends part of it thinking: it gets this
 * much more than the answer's own length (800 for a support answer → 4,000).
 */
export const REASONING_ROOM_TOKENS = 3200;

/** What a model was found to refuse, and what it takes instead. */
interface Refusals {
  temperature?: 'drop';
  max_tokens?: 'drop' | 'max_completion_tokens';
}

/**
 * What each model refused, learnt from the API's own answers for the life of the process (issue 41.3):
 * whether a model takes `temperature` and `max_tokens` is no longer guessed from its name, so a new
 * reasoning model (gpt-6-*, or whatever comes next) costs one refused call, not every call. Keyed by
 * endpoint and model: a gateway may serve the same name differently.
 */
const learnt = new Map<string, Refusals>();

/** The request's fields for this model, after what it was found to refuse. */
export function samplingFields(refused: Refusals, { temperature, maxTokens }: Sampling): Record<string, number> {
  const fields: Record<string, number> = {};
  if (refused.temperature !== 'drop') fields.temperature = temperature;
  if (maxTokens !== undefined && refused.max_tokens !== 'drop')
    if (refused.max_tokens === 'max_completion_tokens') fields.max_completion_tokens = maxTokens + REASONING_ROOM_TOKENS;
    else fields.max_tokens = maxTokens;
  return fields;
}

/** OpenAI's error body, as far as refusedParameter reads it. */
const OpenAiError = z.object({
  error: z.object({ param: z.string().nullish(), code: z.string().nullish(), message: z.string().optional() }),
});

/**
 * The parameter a 400 refuses, read from OpenAI's error shape
 * (`{error:{message, type:'invalid_request_error', param, code:'unsupported_parameter'}}`; a temperature
 * other than the default is `unsupported_value`), with what to send instead: `max_tokens` becomes
 * `max_completion_tokens` where the message says so. Null for any other refusal.
 */
export function refusedParameter(err: unknown): Refusals | null {
  if (!(err instanceof ProviderError) || err.answer?.status !== 400) return null;
  const e = readBodyAs(err.answer.body, OpenAiError)?.error;
  if (e?.code !== 'unsupported_parameter' && e?.code !== 'unsupported_value') return null;
  if (e.param === 'temperature') return { temperature: 'drop' };
  if (e.param === 'max_tokens' && e.code === 'unsupported_parameter')
    return { max_tokens: /max_completion_tokens/.test(String(e.message)) ? 'max_completion_tokens' : 'drop' };
  return null;
}

/**
 * Any OpenAI-compatible endpoint (`POST {base}/chat/completions`): structured answers in JSON mode,
 * read with the feature's schema (a model that strays is a malformed answer, never a broken track), and
 * plain answers. It searches nothing: the script writer asks it for the fact check with the script.
 */
export function openAiLlm(s: OpenAiSettings): LlmProvider & Required<Pick<LlmProvider, 'structured' | 'answer'>> {
  const endpoint = `${s.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const model = `${endpoint} ${s.model}`;

  /**
   * One chat completion (the system message, the user's, the request's other fields, the sampling): the
   * first choice's content as it came. A 400 that refuses a sampling parameter is retried once without
   * it (once for each parameter), and the model remembered not to be sent it again.
   */
  async function complete(system: string, user: string, fields: Record<string, unknown>, sampling: Sampling): Promise<unknown> {
    for (;;) {
      const refused = learnt.get(model) ?? {};
      try {
        const res = await providerFetch(
          'openai',
          new URL(endpoint),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
            body: JSON.stringify({
              model: s.model,
              ...fields,
              ...samplingFields(refused, sampling),
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
      } catch (err) {
        const more = refusedParameter(err);
        // Known already: the same refusal again is not retried (the model changed its mind, or a gateway lies).
        if (!more || Object.entries(more).every(([k, v]) => refused[k as keyof Refusals] === v)) throw err;
        learnt.set(model, { ...refused, ...more });
      }
    }
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
      const content = await complete(instructions, prompt, { response_format: { type: 'json_object' } }, { temperature });
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
      // A reasoning model gets room to think on top of the answer's 800 (samplingFields).
      const content = await complete(instructions, question, {}, { temperature: 0.2, maxTokens: 800 });
      // A refusal or a filtered answer comes back without text: no answer, which the chat says so.
      if (content === null || content === undefined) return '';
      if (typeof content !== 'string') throw providerError('openai', 'malformed', 'the message content is not text');
      return content;
    },
  };
}
