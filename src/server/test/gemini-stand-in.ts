import type http from 'node:http';
import { type StandIn, sendJson, startStandIn } from './stand-in';

// A stand-in of the Gemini API (POST /v1beta/models/{model}:generateContent), written from its reference
// (https://ai.google.dev/api/generate-content, https://ai.google.dev/gemini-api/docs/troubleshooting,
// https://ai.google.dev/gemini-api/docs/video-understanding): the key in `x-goog-api-key` (403 without),
// only the models Google lists (a shut-down or misspelt one answers 404 NOT_FOUND), 429
// RESOURCE_EXHAUSTED over quota, 503 UNAVAILABLE when overloaded, and 400 INVALID_ARGUMENT for a YouTube
// video it cannot open. #41.4: the models as Google's deprecations page (ai.google.dev/gemini-api/docs/
// deprecations, read 2026-12-02) has them: the current ones answer as themselves, those shut down
// answer 404 NOT_FOUND, and those Google routes since their shutdown (gemini-2.5-flash to
// gemini-3.5-flash-lite, gemini-2.5-pro to gemini-3.8-flash, from 2026-12-01) answer as the model they are
// routed to; every answer names the model that answered in `modelVersion`. Recorded answers:
//   404: {"error":{"code":404,"message":"models/gemini-1.5-flash is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.","status":"NOT_FOUND"}}
//   503: {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}

export const GEMINI_KEY = 'g-key';
export const LISTED_MODELS = new Set([
  'gemini-3.8-flash',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.1-flash-lite',
  'gemini-2.5-flash-lite',
]);
/** Shut down, yet answered: Google routes the retired id to its replacement (billed as the replacement). */
export const ROUTED_MODELS: Readonly<Record<string, string>> = {
  'gemini-2.5-flash': 'gemini-3.5-flash-lite',
  'gemini-2.5-pro': 'gemini-3.8-flash',
};
/** Shut down and no longer answered (404 NOT_FOUND), from the deprecations page's grey rows. */
export const RETIRED_MODELS = new Set([
  'gemini-1.5-flash',
  'gemini-1.5-pro',
  'gemini-2.0-flash',
  'gemini-2.0-flash-001',
  'gemini-2.0-flash-lite',
  'gemini-2.0-flash-lite-001',
  'gemini-2.5-pro-preview-06-05',
  'gemini-3-pro-preview',
]);
export const PRIVATE_VIDEO = 'https://www.youtube.com/watch?v=privateVid1';

/** The script the stand-in writes (structured output). */
export const GEMINI_SCRIPT = {
  title: '朝の散歩',
  script: 'ハルカ：こんにちは、ハルカです。\nケンタ：ケンタです。朝の散歩の話です。',
  labels: ['健康・ウェルネス', '散歩'],
};
/** The grounded fact check it answers (in a ```json fence, as grounded answers come) with its sources. */
export const GEMINI_CHECK = {
  status: 'issues_found',
  confidence: 65,
  summary: '一部は根拠が弱いです',
  issues: ['「必ず健康になる」は断定できません'],
};
export const GEMINI_GROUNDING = {
  webSearchQueries: ['朝の散歩 健康 効果'],
  groundingChunks: [
    { web: { uri: 'https://example.jp/walking', title: 'example.jp' } },
    { web: { uri: 'https://example.org/health', title: 'example.org' } },
  ],
};
/** The hosts' answer it gives with Google Search at hand (a question the track does not answer), fenced as grounded answers come. */
export const GEMINI_SEARCHED_ANSWER = {
  lines: [
    { speaker: 'ハルカ', text: 'この回では話していませんでしたが、番組の外で調べてみました。', outside: false },
    { speaker: 'ケンタ', text: '番組の外で調べると、朝の散歩は二十分ほどが目安とされています。', outside: true },
  ],
  covered: false,
  basedOn: [],
};
/** The themes it reads from a video. */
export const GEMINI_THEMES = {
  videoTitle: '睡眠の科学',
  themes: [{ title: '眠りのリズム', perspective: '体内時計から', content: '朝の光の話でした。' }],
};

export type GeminiMode = 'ok' | 'quota' | 'malformed' | 'hang';

export interface GeminiStandIn extends StandIn {
  /** How every next request is answered: normally, 429 over quota, prose instead of JSON, or never. */
  mode: GeminiMode;
  /** This many next requests answer 503 UNAVAILABLE (overloaded). */
  overloaded: number;
}

const geminiError = (res: http.ServerResponse, code: number, status: string, message: string) =>
  sendJson(res, code, { error: { code, message, status } });

const candidate = (model: string, text: string, grounding?: unknown) => ({
  candidates: [
    {
      content: { role: 'model', parts: [{ text }] },
      finishReason: 'STOP',
      index: 0,
      ...(grounding ? { groundingMetadata: grounding } : {}),
    },
  ],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
  modelVersion: model,
});

/** The Gemini API on a local port: scripts, grounded checks, searched answers to the hosts, support answers and video themes. */
export async function startGeminiStandIn(): Promise<GeminiStandIn> {
  let self: GeminiStandIn | undefined;
  const api = await startStandIn((req, res) => {
    const knobs = self as GeminiStandIn;
    if (knobs.mode === 'hang') return;
    if (req.headers['x-goog-api-key'] !== GEMINI_KEY)
      return geminiError(res, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers");
    const asked = /^\/v1beta\/models\/([^:]+):generateContent$/.exec(req.url.pathname)?.[1] ?? '';
    const model = ROUTED_MODELS[asked] ?? asked;
    if (RETIRED_MODELS.has(asked) || !LISTED_MODELS.has(model)) {
      const message = `models/${asked} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`;
      return geminiError(res, 404, 'NOT_FOUND', message);
    }
    if (knobs.mode === 'quota') return geminiError(res, 429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).');
    if (knobs.overloaded > 0) {
      knobs.overloaded--;
      return geminiError(res, 503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
    }
    const parts = (req.json.contents as { parts?: { fileData?: { fileUri: string } }[] }[] | undefined)?.[0]?.parts ?? [];
    const video = parts.find((p) => p.fileData)?.fileData?.fileUri;
    if (video === PRIVATE_VIDEO) return geminiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
    if (knobs.mode === 'malformed') return sendJson(res, 200, candidate(model, 'すみません、台本は作れませんでした。'));
    if (video) return sendJson(res, 200, candidate(model, JSON.stringify(GEMINI_THEMES)));
    const asks = JSON.stringify(req.json.contents ?? '');
    if (Array.isArray(req.json.tools) && asks.includes('質問: '))
      return sendJson(res, 200, candidate(model, `\`\`\`json\n${JSON.stringify(GEMINI_SEARCHED_ANSWER)}\n\`\`\``, GEMINI_GROUNDING));
    if (Array.isArray(req.json.tools))
      return sendJson(res, 200, candidate(model, `\`\`\`json\n${JSON.stringify(GEMINI_CHECK)}\n\`\`\``, GEMINI_GROUNDING));
    sendJson(res, 200, candidate(model, JSON.stringify(GEMINI_SCRIPT)));
  });
  self = Object.assign(api, { mode: 'ok' as GeminiMode, overloaded: 0 });
  return self;
}
