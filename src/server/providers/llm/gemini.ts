import type * as GenAi from '@google/genai';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import type { z } from 'zod';
import { type FactCheck, FactCheckSchema } from '../../../shared/schemas/creation';
import { lazyPackage } from '../../lib/lazy-package';
import { ProviderError, providerError } from '../errors';
import { clearSettingProblem, noteServedModel, reportSettingProblem } from '../problems';
import { groundedClaims, groundingSources, searchEntryPointOf } from './fact-check';
import { responseSchemaOf } from './gemini-schema';
import { type LlmProvider, VideoNotReadable } from './types';

/** The SDK, loaded when a Gemini provider is made (lib/lazy-package.ts): a start without it does not load it. */
const genai = () => lazyPackage<typeof GenAi>('@google/genai');
const isApiError = (err: unknown): err is GenAi.ApiError => err instanceof genai().ApiError;

export interface GeminiSettings {
  provider: 'gemini';
  apiKey: string;
  model: string;
  /** A stand-in's address in tests; Google's by default. */
  baseUrl?: string;
  timeoutMs: number;
  /** Waits before each retry of a 503 UNAVAILABLE ("overloaded"); tests shorten them. */
  retryDelaysMs?: readonly number[];
}

/** A current stable model from Google's list (ai.google.dev/gemini-api/docs/models); gemini-2.5-flash is on the shutdown schedule. */
export const DEFAULT_GEMINI_MODEL = 'gemini-3.5-flash';

/** 503 UNAVAILABLE ("The model is overloaded") is retried after these waits (with up to 25 % jitter). */
const RETRY_DELAYS_MS = [2000, 6000] as const;

/**
 * The temperature for this model: Gemini 3 and later are tuned for the default 1.0 (Google: lower
 * values can make them loop or degrade), so they get 1.0 whatever the task; 2.x models get the task's own.
 */
export function temperatureFor(model: string, wanted: number): number {
  const major = Number(/gemini-(\d+)/.exec(model)?.[1] ?? 0);
  return major >= 3 ? 1 : wanted;
}

/**
 * A video of up to an hour would exceed the context at the default resolution (about 300 tokens a
 * second): the model is given the first 40 minutes at low media resolution (about 100 tokens a second).
 */
export const VIDEO_CLIP_SECONDS = 40 * 60;
/** Watching a long video takes minutes: its call gets at least this long. */
export const VIDEO_TIMEOUT_MS = 10 * 60_000;

/** The grounded check's own fields (its claims are read with the grounding: fact-check/gemini.ts). */
const CheckAnswer = FactCheckSchema.pick({ status: true, confidence: true, summary: true, issues: true });

/**
 * Gemini's failure as a provider failure: 429 / RESOURCE_EXHAUSTED is the quota, 404 NOT_FOUND a model
 * that does not exist (GEMINI_MODEL: a configuration error the operator sees on /health, never the
 * quota message), 400 a refusal of the input, an aborted call the deadline.
 */
function failure(err: unknown, model: string): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as Error;
  if (isApiError(err) && (err.status === 429 || /RESOURCE_EXHAUSTED/.test(err.message)))
    return providerError('gemini', 'quota', `answered ${err.status}`);
  if (isApiError(err) && err.status === 404) {
    reportSettingProblem(
      'GEMINI_MODEL',
      'gemini',
      `GEMINI_MODEL「${model}」は Gemini API にありません（404 NOT_FOUND: 提供終了か名前の誤り）。Google のモデル一覧にある現行のモデル（例: ${DEFAULT_GEMINI_MODEL}）を設定してください`,
    );
    return providerError('gemini', 'config', `GEMINI_MODEL=${model} answered 404 NOT_FOUND`);
  }
  if (isApiError(err) && (err.status === 401 || err.status === 403))
    return providerError('gemini', 'config', `answered ${err.status} (GEMINI_API_KEY)`);
  if (isApiError(err) && err.status === 400) return providerError('gemini', 'rejected', 'answered 400 INVALID_ARGUMENT');
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || /abort/i.test(e?.message ?? ''))
    return providerError('gemini', 'timeout', 'no answer in time');
  if (isApiError(err)) return providerError('gemini', 'unavailable', `answered ${err.status}`);
  return providerError('gemini', 'unavailable', 'unreachable');
}

/** The JSON object in a model's text (a grounded answer may wrap it in a code fence). */
function jsonIn(text: string | undefined): unknown {
  const body = text?.match(/\{[\s\S]*\}/)?.[0];
  if (!body) throw providerError('gemini', 'malformed', 'no JSON in the answer');
  try {
    return JSON.parse(body);
  } catch {
    throw providerError('gemini', 'malformed', 'the answer is not JSON');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw providerError('gemini', 'malformed', `not the asked shape (${parsed.error.issues[0]?.path.join('.')})`);
  return parsed.data;
}

/**
 * Gemini through the official SDK: structured answers (JSON mode with a response schema), a fact check
 * grounded in Google Search whose pages are kept as its sources, and plain answers. The words are the
 * features' (decision 0038).
 */
export function geminiLlm(s: GeminiSettings): Required<LlmProvider> {
  const ai = new (genai().GoogleGenAI)({ apiKey: s.apiKey, httpOptions: { baseUrl: s.baseUrl, timeout: s.timeoutMs } });
  const delays = s.retryDelaysMs ?? RETRY_DELAYS_MS;
  const temperature = (wanted: number) => temperatureFor(s.model, wanted);

  /**
   * One call, retried on 503 UNAVAILABLE with backoff; a success clears a GEMINI_MODEL problem, and the
   * model that answered (`modelVersion`) is logged and shown on /health (another than asked: a problem).
   */
  async function generate(params: GenerateContentParameters): Promise<GenerateContentResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await ai.models.generateContent(params);
        clearSettingProblem('GEMINI_MODEL');
        if (res.modelVersion) noteServedModel('GEMINI_MODEL', 'gemini', s.model, res.modelVersion);
        return res;
      } catch (err) {
        if (!(isApiError(err) && err.status === 503) || attempt >= delays.length) throw err;
        const wait = delays[attempt] * (1 + Math.random() * 0.25);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  return {
    name: 'gemini',
    /**
     * A structured answer (JSON mode with a response schema made from the feature's zod schema). A video
     * is given as file data (Gemini watches public YouTube videos), clipped to the first 40 minutes at
     * low media resolution, with the time a video takes; one it cannot open (400 / 403) is VideoNotReadable.
     */
    async structured({ instructions, prompt, schema, temperature: wanted, video }) {
      try {
        const res = await generate({
          model: s.model,
          contents: video
            ? [
                {
                  role: 'user',
                  parts: [
                    {
                      fileData: { fileUri: video.url, mimeType: 'video/*' },
                      videoMetadata: { startOffset: '0s', endOffset: `${VIDEO_CLIP_SECONDS}s` },
                    },
                    { text: prompt },
                  ],
                },
              ]
            : prompt,
          config: {
            systemInstruction: instructions,
            responseMimeType: 'application/json',
            responseSchema: responseSchemaOf(schema),
            ...(video ? { mediaResolution: genai().MediaResolution.MEDIA_RESOLUTION_LOW } : {}),
            temperature: temperature(wanted),
            ...(video ? { httpOptions: { timeout: Math.max(s.timeoutMs, VIDEO_TIMEOUT_MS) } } : {}),
          },
        });
        return parse(schema, jsonIn(res.text));
      } catch (err) {
        if (video && isApiError(err) && (err.status === 400 || err.status === 403))
          throw new VideoNotReadable(`gemini answered ${err.status}`);
        throw failure(err, s.model);
      }
    },
    /** The fact check grounded in Google Search (the API allows no response schema with tools): the pages it read are kept as the check's sources. */
    async checkFacts({ prompt, script, detected }): Promise<FactCheck> {
      try {
        const res = await generate({
          model: s.model,
          contents: prompt,
          config: { tools: [{ googleSearch: {} }], temperature: temperature(0) },
        });
        const answer = jsonIn(res.text);
        return { ...parse(CheckAnswer, answer), ...groundedClaims(script, res, answer, detected) };
      } catch (err) {
        throw failure(err, s.model);
      }
    },
    /** A structured answer written with Google Search at hand (no response schema with tools: the JSON in its text), with the pages it read. */
    async searched({ instructions, prompt, schema, temperature: wanted }) {
      try {
        const res = await generate({
          model: s.model,
          contents: prompt,
          config: { systemInstruction: instructions, tools: [{ googleSearch: {} }], temperature: temperature(wanted) },
        });
        const sources = groundingSources(res).map((p) => ({ url: p.uri, title: p.title }));
        const searchEntryPoint = searchEntryPointOf(res);
        return { value: parse(schema, jsonIn(res.text)), sources, ...(searchEntryPoint ? { searchEntryPoint } : {}) };
      } catch (err) {
        throw failure(err, s.model);
      }
    },
    /** A question under the feature's instructions (the support chat's FAQ and legal texts): the system instruction, no search tool. */
    async answer({ instructions, question }) {
      try {
        const res = await generate({
          model: s.model,
          contents: question,
          config: { systemInstruction: instructions, temperature: temperature(0.2) },
        });
        return res.text ?? '';
      } catch (err) {
        throw failure(err, s.model);
      }
    },
  };
}
