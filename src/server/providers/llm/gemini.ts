import { ApiError, type GenerateContentParameters, type GenerateContentResponse, GoogleGenAI, MediaResolution, Type } from '@google/genai';
import { z } from 'zod';
import { type FactCheck, FactCheckSchema } from '../../../shared/schemas/creation';
import { ProviderError, providerError } from '../errors';
import { clearSettingProblem, reportSettingProblem } from '../problems';
import { catalogueLabels, SCRIPT_WRITER, ScriptText, SegueAnswer, segueAsk } from './answers';
import { GROUNDED_CLAIMS_ASK, groundedClaims } from './fact-check';
import { THEME_EXTRACTOR, THEMES_PROMPT, ThemesAnswer } from './themes';
import { type LlmProvider, type ScriptDraft, VideoNotReadable } from './types';

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

const ScriptAnswer = z.object({ title: z.string().trim().min(1).max(100), script: ScriptText, labels: z.array(z.string()).max(10) });
const SCRIPT_SCHEMA = {
  type: Type.OBJECT,
  properties: {
    title: { type: Type.STRING },
    script: { type: Type.STRING },
    labels: { type: Type.ARRAY, items: { type: Type.STRING } },
  },
  required: ['title', 'script', 'labels'],
};
const CheckAnswer = FactCheckSchema.pick({ status: true, confidence: true, summary: true, issues: true });
const THEMES_SCHEMA = {
  type: Type.OBJECT,
  properties: {
    videoTitle: { type: Type.STRING },
    themes: {
      type: Type.ARRAY,
      items: {
        type: Type.OBJECT,
        properties: { title: { type: Type.STRING }, perspective: { type: Type.STRING }, content: { type: Type.STRING } },
        required: ['title', 'perspective', 'content'],
      },
    },
  },
  required: ['videoTitle', 'themes'],
};

/**
 * Gemini's failure as a provider failure: 429 / RESOURCE_EXHAUSTED is the quota, 404 NOT_FOUND a model
 * that does not exist (GEMINI_MODEL: a configuration error the operator sees on /health, never the
 * quota message), 400 a refusal of the input, an aborted call the deadline.
 */
function failure(err: unknown, model: string): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as Error;
  if (err instanceof ApiError && (err.status === 429 || /RESOURCE_EXHAUSTED/.test(err.message)))
    return providerError('gemini', 'quota', `answered ${err.status}`);
  if (err instanceof ApiError && err.status === 404) {
    reportSettingProblem(
      'GEMINI_MODEL',
      'gemini',
      `GEMINI_MODEL「${model}」は Gemini API にありません（404 NOT_FOUND: 提供終了か名前の誤り）。Google のモデル一覧にある現行のモデル（例: ${DEFAULT_GEMINI_MODEL}）を設定してください`,
    );
    return providerError('gemini', 'config', `GEMINI_MODEL=${model} answered 404 NOT_FOUND`);
  }
  if (err instanceof ApiError && (err.status === 401 || err.status === 403))
    return providerError('gemini', 'config', `answered ${err.status} (GEMINI_API_KEY)`);
  if (err instanceof ApiError && err.status === 400) return providerError('gemini', 'rejected', 'answered 400 INVALID_ARGUMENT');
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || /abort/i.test(e?.message ?? ''))
    return providerError('gemini', 'timeout', 'no answer in time');
  if (err instanceof ApiError) return providerError('gemini', 'unavailable', `answered ${err.status}`);
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
 * Gemini through the official SDK. The script comes from structured output (a response schema); the
 * fact check is a second call grounded in Google Search (the API allows no response schema with tools),
 * and the pages it read are kept as the check's sources.
 */
export function geminiLlm(s: GeminiSettings): Required<LlmProvider> {
  const ai = new GoogleGenAI({ apiKey: s.apiKey, httpOptions: { baseUrl: s.baseUrl, timeout: s.timeoutMs } });
  const delays = s.retryDelaysMs ?? RETRY_DELAYS_MS;
  const temperature = (wanted: number) => temperatureFor(s.model, wanted);

  /** One call, retried on 503 UNAVAILABLE with backoff; a success clears a GEMINI_MODEL problem. */
  async function generate(params: GenerateContentParameters): Promise<GenerateContentResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await ai.models.generateContent(params);
        clearSettingProblem('GEMINI_MODEL');
        return res;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 503) || attempt >= delays.length) throw err;
        const wait = delays[attempt] * (1 + Math.random() * 0.25);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function factCheck(inputText: string, script: string): Promise<FactCheck> {
    const res = await generate({
      model: s.model,
      contents: `次の台本の事実確認を Google 検索で行い、{"status":"verified"|"issues_found","confidence":0-100の整数,"summary":"日本語の要約","issues":["日本語の指摘"],${GROUNDED_CLAIMS_ASK}} の JSON だけを返してください。claims には統計・数値・日付・出典の引用・最上級や「初めて」を含む文を挙げ、意見や推測は含めません。\n元のテキスト:\n${inputText}\n台本:\n${script}`,
      config: { tools: [{ googleSearch: {} }], temperature: temperature(0) },
    });
    const answer = jsonIn(res.text);
    return { ...parse(CheckAnswer, answer), ...(await groundedClaims(script, res, answer)) };
  }

  return {
    name: 'gemini',
    async writeScript({ inputText, title }): Promise<ScriptDraft> {
      try {
        const res = await generate({
          model: s.model,
          contents: `${title ? `タイトル: ${title}\n` : 'タイトルは内容から30文字以内で付けてください。\n'}次のテキストから台本を作ってください。\nテキスト:\n${inputText}`,
          config: {
            systemInstruction: SCRIPT_WRITER,
            responseMimeType: 'application/json',
            responseSchema: SCRIPT_SCHEMA,
            temperature: temperature(0.7),
          },
        });
        const draft = parse(ScriptAnswer, jsonIn(res.text));
        return {
          title: title || draft.title,
          script: draft.script,
          labels: catalogueLabels(draft.labels),
          factCheck: await factCheck(inputText, draft.script),
        };
      } catch (err) {
        throw failure(err, s.model);
      }
    },
    async rewriteScript({ inputText, originalScript, issues }) {
      try {
        const res = await generate({
          model: s.model,
          contents: `次の台本を、指摘された問題を直して書き直してください。\n指摘:\n${issues.map((i) => `- ${i}`).join('\n')}\n元のテキスト:\n${inputText}\n台本:\n${originalScript}`,
          config: {
            systemInstruction: SCRIPT_WRITER,
            responseMimeType: 'application/json',
            responseSchema: { type: Type.OBJECT, properties: { script: { type: Type.STRING } }, required: ['script'] },
            temperature: temperature(0.7),
          },
        });
        const { script } = parse(z.object({ script: ScriptText }), jsonIn(res.text));
        return { script, factCheck: await factCheck(inputText, script) };
      } catch (err) {
        throw failure(err, s.model);
      }
    },
    async writeSegue(input) {
      try {
        const res = await generate({
          model: s.model,
          contents: segueAsk(input),
          config: {
            systemInstruction: SCRIPT_WRITER,
            responseMimeType: 'application/json',
            responseSchema: { type: Type.OBJECT, properties: { script: { type: Type.STRING } }, required: ['script'] },
            temperature: temperature(0.9),
          },
        });
        return parse(SegueAnswer, jsonIn(res.text)).script;
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
    /**
     * Themes from a YouTube video: Gemini is given the URL itself as file data (it watches public
     * videos), clipped to the first 40 minutes at low media resolution, with the time a video takes.
     * A private or unavailable video (400 / 403) is VideoNotReadable.
     */
    async extractThemes({ url }) {
      try {
        const res = await generate({
          model: s.model,
          contents: [
            {
              role: 'user',
              parts: [
                {
                  fileData: { fileUri: url, mimeType: 'video/*' },
                  videoMetadata: { startOffset: '0s', endOffset: `${VIDEO_CLIP_SECONDS}s` },
                },
                { text: THEMES_PROMPT },
              ],
            },
          ],
          config: {
            systemInstruction: THEME_EXTRACTOR,
            responseMimeType: 'application/json',
            responseSchema: THEMES_SCHEMA,
            mediaResolution: MediaResolution.MEDIA_RESOLUTION_LOW,
            temperature: temperature(0.4),
            httpOptions: { timeout: Math.max(s.timeoutMs, VIDEO_TIMEOUT_MS) },
          },
        });
        return parse(ThemesAnswer, jsonIn(res.text));
      } catch (err) {
        if (err instanceof ApiError && (err.status === 400 || err.status === 403))
          throw new VideoNotReadable(`gemini answered ${err.status}`);
        throw failure(err, s.model);
      }
    },
  };
}
