import { ApiError, type GenerateContentResponse, GoogleGenAI, Type } from '@google/genai';
import { z } from 'zod';
import { type FactCheck, FactCheckSchema } from '../../../shared/schemas/creation';
import { ProviderError, providerError } from '../errors';
import { catalogueLabels, SCRIPT_WRITER, ScriptText } from './answers';
import { cleanAnswer, supportInstructions } from './support';
import { THEME_EXTRACTOR, THEMES_PROMPT, ThemesAnswer } from './themes';
import type { LlmProvider, ScriptDraft } from './types';

export interface GeminiSettings {
  provider: 'gemini';
  apiKey: string;
  model: string;
  /** A stand-in's address in tests; Google's by default. */
  baseUrl?: string;
  timeoutMs: number;
}

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
const CheckAnswer = FactCheckSchema.omit({ sources: true });
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

/** Gemini's failure as a provider failure: 429 / RESOURCE_EXHAUSTED is the quota, an aborted call the deadline. */
function failure(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as Error;
  if (err instanceof ApiError && (err.status === 429 || /RESOURCE_EXHAUSTED/.test(err.message)))
    return providerError('gemini', 'quota', `answered ${err.status}`);
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

/** The pages Google Search grounding read, kept with the fact check. */
function sourcesOf(res: GenerateContentResponse): { uri: string; title: string }[] {
  const chunks = res.candidates?.[0]?.groundingMetadata?.groundingChunks ?? [];
  return chunks.flatMap((c) => (c.web?.uri ? [{ uri: c.web.uri, title: c.web.title ?? c.web.uri }] : [])).slice(0, 20);
}

/**
 * Gemini through the official SDK. The script comes from structured output (a response schema); the
 * fact check is a second call grounded in Google Search (the API allows no response schema with tools),
 * and the pages it read are kept as the check's sources.
 */
export function geminiLlm(s: GeminiSettings): Required<LlmProvider> {
  const ai = new GoogleGenAI({ apiKey: s.apiKey, httpOptions: { baseUrl: s.baseUrl, timeout: s.timeoutMs } });

  async function factCheck(inputText: string, script: string): Promise<FactCheck> {
    const res = await ai.models.generateContent({
      model: s.model,
      contents: `次の台本の事実確認を Google 検索で行い、{"status":"verified"|"issues_found","confidence":0-100の整数,"summary":"日本語の要約","issues":["日本語の指摘"]} の JSON だけを返してください。\n元のテキスト:\n${inputText}\n台本:\n${script}`,
      config: { tools: [{ googleSearch: {} }], temperature: 0 },
    });
    const check = parse(CheckAnswer, jsonIn(res.text));
    const sources = sourcesOf(res);
    return sources.length ? { ...check, sources } : check;
  }

  return {
    name: 'gemini',
    async writeScript({ inputText, title }): Promise<ScriptDraft> {
      try {
        const res = await ai.models.generateContent({
          model: s.model,
          contents: `${title ? `タイトル: ${title}\n` : 'タイトルは内容から30文字以内で付けてください。\n'}次のテキストから台本を作ってください。\nテキスト:\n${inputText}`,
          config: {
            systemInstruction: SCRIPT_WRITER,
            responseMimeType: 'application/json',
            responseSchema: SCRIPT_SCHEMA,
            temperature: 0.7,
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
        throw failure(err);
      }
    },
    async rewriteScript({ inputText, originalScript, issues }) {
      try {
        const res = await ai.models.generateContent({
          model: s.model,
          contents: `次の台本を、指摘された問題を直して書き直してください。\n指摘:\n${issues.map((i) => `- ${i}`).join('\n')}\n元のテキスト:\n${inputText}\n台本:\n${originalScript}`,
          config: {
            systemInstruction: SCRIPT_WRITER,
            responseMimeType: 'application/json',
            responseSchema: { type: Type.OBJECT, properties: { script: { type: Type.STRING } }, required: ['script'] },
          },
        });
        const { script } = parse(z.object({ script: ScriptText }), jsonIn(res.text));
        return { script, factCheck: await factCheck(inputText, script) };
      } catch (err) {
        throw failure(err);
      }
    },
    /** The support chat: the FAQ and legal texts as the system instruction, no search tool (grounded in them only). */
    async answerSupport({ question, passages }) {
      try {
        const res = await ai.models.generateContent({
          model: s.model,
          contents: question,
          config: { systemInstruction: supportInstructions(passages), temperature: 0.2 },
        });
        return cleanAnswer(res.text ?? '');
      } catch (err) {
        throw failure(err);
      }
    },
    /** Themes from a YouTube video: Gemini is given the URL itself as file data (it watches public videos). */
    async extractThemes({ url }) {
      try {
        const res = await ai.models.generateContent({
          model: s.model,
          contents: [{ role: 'user', parts: [{ fileData: { fileUri: url, mimeType: 'video/*' } }, { text: THEMES_PROMPT }] }],
          config: {
            systemInstruction: THEME_EXTRACTOR,
            responseMimeType: 'application/json',
            responseSchema: THEMES_SCHEMA,
            temperature: 0.4,
          },
        });
        return parse(ThemesAnswer, jsonIn(res.text));
      } catch (err) {
        throw failure(err);
      }
    },
  };
}
