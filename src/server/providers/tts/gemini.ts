import { HOST_NAMES, type HostName } from '../../../shared/constants';
import { timeStretch } from '../audio/stretch';
import { findTurns } from '../audio/turns';
import { kindOfStatus, providerError } from '../errors';
import { substituteReadings } from '../japanese/dictionary';
import { clearSettingProblem, noteServedModel, reportSettingProblem } from '../problems';
import { audioOfAnswer, DEFAULT_GEMINI_TTS_MODEL, retryAfterMs, speechRequest } from './gemini-wire';
import { paceInstructions } from './openai';
import { joinAtMatchedLoudness, splitForSpeech } from './split';
import { clampSpeakingRate, type DialogueTurn, type PcmAudio, type SpeechRequest, type SpokenTurns, type TtsProvider } from './types';

export interface GeminiTtsSettings {
  provider: 'gemini';
  apiKey: string;
  /** https://generativelanguage.googleapis.com, or a stand-in (GEMINI_BASE_URL). */
  baseUrl: string;
  model: string;
  /** Prebuilt voices of ハルカ and ケンタ. */
  voices: Record<HostName, string>;
  timeoutMs: number;
  /** Waits before each retry of a 429 or 503 that names none; tests shorten them. */
  retryDelaysMs?: readonly number[];
}

/**
 * The characters of one call. The TTS models take 8,192 input tokens and answer at most 16,384 output
 * tokens, 32 a second of audio: 512 s. 1,200 characters of Japanese are about 3 minutes at the natural
 * pace and under 7 at the slowest the member may ask, so no call is cut at the output limit.
 */
export const GEMINI_TTS_MAX_CHARS = 1200;
/** A call's deadline grows with its text (AI_TIMEOUT_MS, plus a minute for a full call). */
const DEADLINE_MS_PER_CHAR = 50;
/** 429 and 503 are retried after these waits (with up to 25 % jitter) unless Google names its own. */
const RETRY_DELAYS_MS = [2000, 6000, 15_000] as const;
/** A wait Google asks for that is longer than this (a day's quota spent) is not waited out. */
export const MAX_RETRY_WAIT_MS = 60_000;
/** Between two calls' audio: the pause of a change of turn at rate 1 (dialogue.ts's). */
const CALL_PAUSE_SECONDS = 0.42;

const chars = (turns: readonly DialogueTurn[]) => turns.reduce((n, t) => n + [...t.text].length, 0);

/** Consecutive turns in calls of at most GEMINI_TTS_MAX_CHARS, split only between turns. */
export function callsOf(turns: readonly DialogueTurn[], max = GEMINI_TTS_MAX_CHARS): DialogueTurn[][] {
  const calls: DialogueTurn[][] = [];
  let cur: DialogueTurn[] = [];
  for (const turn of turns) {
    if (cur.length && chars(cur) + [...turn.text].length > max) {
      calls.push(cur);
      cur = [];
    }
    cur.push(turn);
  }
  if (cur.length) calls.push(cur);
  return calls;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Gemini's two-speaker voice: the dialogue in calls of several turns, both hosts named in
 * `multiSpeakerVoiceConfig`, so the model takes the turns itself. Its 24 kHz PCM is split at the pauses
 * between turns to time each line, asked for the member's pace in words and time-stretched to the exact
 * rate. Plain fetch with the key in `x-goog-api-key`: 429 and 503 are retried as Google's Retry-After or
 * RetryInfo asks (bounded), and 404 NOT_FOUND names GEMINI_TTS_MODEL on /health.
 */
export function geminiTts(s: GeminiTtsSettings, opts: { sleep?: (ms: number) => Promise<void> } = {}): TtsProvider {
  const base = s.baseUrl.replace(/\/+$/, '');
  const url = new URL(`${base}/v1beta/models/${encodeURIComponent(s.model)}:generateContent`);
  const delays = s.retryDelaysMs ?? RETRY_DELAYS_MS;
  const sleep = opts.sleep ?? sleepFor;

  async function generate(turns: DialogueTurn[], rate: number): Promise<PcmAudio> {
    const body = JSON.stringify(speechRequest({ model: s.model, turns, voices: s.voices, style: paceInstructions(rate) }));
    const timeoutMs = s.timeoutMs + chars(turns) * DEADLINE_MS_PER_CHAR;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': s.apiKey },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        if (res.ok) {
          const answer = await res.json().catch((err: Error) => {
            if (err.name === 'TimeoutError' || err.name === 'AbortError') throw providerError('gemini', 'timeout', 'the answer stalled');
            throw providerError('gemini', 'malformed', 'the answer is not JSON');
          });
          clearSettingProblem('GEMINI_TTS_MODEL');
          const version = (answer as { modelVersion?: unknown } | null)?.modelVersion;
          if (typeof version === 'string') noteServedModel('GEMINI_TTS_MODEL', 'gemini', s.model, version);
          return audioOfAnswer(answer);
        }
      } catch (err) {
        const e = err as Error;
        if (e.name === 'ProviderError') throw err;
        if (e.name === 'TimeoutError' || e.name === 'AbortError')
          throw providerError('gemini', 'timeout', `no answer from ${url.pathname} in ${timeoutMs} ms`);
        const code = (e.cause as { code?: string } | undefined)?.code;
        // A connection that broke (a kept-alive socket closed as it was reused) is tried again like a 503.
        if (attempt < delays.length) {
          await sleep(delays[attempt]);
          continue;
        }
        throw providerError('gemini', 'unavailable', `${url.pathname} unreachable${code ? ` (${code})` : ''}`);
      }
      const text = await res.text().catch(() => '');
      if ((res.status === 429 || res.status === 503) && attempt < delays.length) {
        const asked = retryAfterMs(res.headers.get('retry-after'), text);
        const wait = asked ?? delays[attempt] * (1 + Math.random() * 0.25);
        if (wait <= MAX_RETRY_WAIT_MS) {
          await sleep(wait);
          continue;
        }
      }
      if (res.status === 404)
        reportSettingProblem(
          'GEMINI_TTS_MODEL',
          'gemini',
          `GEMINI_TTS_MODEL「${s.model}」は Gemini API にありません（404 NOT_FOUND: 提供終了か名前の誤り）。Google のモデル一覧にある現行の音声モデル（例: ${DEFAULT_GEMINI_TTS_MODEL}）を設定してください`,
        );
      const kind = kindOfStatus(res.status, text);
      const detail = res.status === 404 ? ` NOT_FOUND (GEMINI_TTS_MODEL=${s.model})` : kind === 'quota' ? ' (quota or rate limit)' : '';
      throw providerError('gemini', kind, `${url.pathname} answered ${res.status}${detail}`);
    }
  }

  /** One call's turns: the audio at the rate, and each turn's place in it. */
  async function speakCall(turns: DialogueTurn[], rate: number): Promise<SpokenTurns> {
    const raw = await generate(turns, rate);
    const found = findTurns(
      raw,
      turns.map((t) => t.text),
    );
    const pcm = timeStretch(raw, rate);
    const at = (i: number) => Math.min(pcm.samples.length, Math.round(i / rate));
    return { pcm, turns: found.map((t) => ({ start: at(t.start), end: at(t.end) })) };
  }

  return {
    name: 'gemini',
    async synthesize(req: SpeechRequest): Promise<PcmAudio> {
      const rate = clampSpeakingRate(req.speakingRate);
      const host = req.host ?? HOST_NAMES[0];
      const text = substituteReadings(req.text, req.readings ?? []);
      const pieces = splitForSpeech(text, { maxBytes: GEMINI_TTS_MAX_CHARS * 3, maxSentenceBytes: GEMINI_TTS_MAX_CHARS * 3 });
      const audio: PcmAudio[] = [];
      for (const piece of pieces.length ? pieces : [text]) audio.push(await generate([{ host, text: piece }], rate));
      return timeStretch(joinAtMatchedLoudness(audio), rate);
    },
    async speakTurns({ turns, speakingRate, readings }): Promise<SpokenTurns> {
      const rate = clampSpeakingRate(speakingRate);
      const spoken = turns.map((t) => ({ host: t.host, text: substituteReadings(t.text, readings ?? []) }));
      const calls: SpokenTurns[] = [];
      for (const call of callsOf(spoken)) calls.push(await speakCall(call, rate));
      // Each call's audio from its first turn to its last, a turn's pause between calls, at one level.
      const sampleRate = calls[0]?.pcm.sampleRate ?? 24_000;
      const pause = new Int16Array(Math.round((CALL_PAUSE_SECONDS / rate) * sampleRate));
      const pieces: PcmAudio[] = [];
      const placed: SpokenTurns['turns'] = [];
      let at = 0;
      for (const [i, call] of calls.entries()) {
        if (i > 0) {
          pieces.push({ samples: pause, sampleRate });
          at += pause.length;
        }
        const from = call.turns[0]?.start ?? 0;
        const to = call.turns[call.turns.length - 1]?.end ?? call.pcm.samples.length;
        pieces.push({ samples: call.pcm.samples.subarray(from, to), sampleRate });
        for (const t of call.turns) placed.push({ start: at + t.start - from, end: at + t.end - from });
        at += to - from;
      }
      return { pcm: joinAtMatchedLoudness(pieces), turns: placed };
    },
  };
}
