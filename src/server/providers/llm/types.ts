import type { z } from 'zod';
import type { Claim, FactCheck } from '../../../shared/schemas/creation';

export interface ScriptDraft {
  script: string;
  title: string;
  factCheck: FactCheck;
  labels: string[];
}

/** A track as a segue names it (あと N 分, issue 28.2): its title, its category and its opening lines. */
export interface SegueTrack {
  title: string;
  category: string | null;
  /** The first lines of its script without the hosts' names (what it is about), or ''. */
  gist: string;
}

/**
 * What the hosts say between tracks, and for how long: from one track into the next, the programme's
 * opening before `to` (`from` null), its closing after `from` (`to` null), or, with neither, a short
 * bridge that names no track. `seconds`: the length it is spoken in (issue 40.1).
 */
export interface SegueInput {
  from: SegueTrack | null;
  to: SegueTrack | null;
  seconds: number;
}

/**
 * A provider that cannot be given a video: the offline writer (no network at all), or an
 * OpenAI-compatible model (no video input). The console says so plainly instead of guessing.
 */
export class VideoUnavailable extends Error {
  override readonly name = 'VideoUnavailable';
  constructor(
    readonly provider: string,
    readonly reason: 'offline' | 'no-video-input',
  ) {
    super(`${provider}: cannot watch a video (${reason})`);
  }
}

/** The video could not be read: private, removed, region-blocked or not a video (Gemini answers 400 or 403). */
export class VideoNotReadable extends Error {
  override readonly name = 'VideoNotReadable';
}

/**
 * What a feature asks a model for a structured answer: its own instructions and prompt, the schema its
 * answer is read with (a model that strays is a malformed answer), the sampling temperature it wants,
 * and a video to watch when it has one (a YouTube watch URL).
 */
export interface StructuredAsk<T> {
  instructions: string;
  prompt: string;
  schema: z.ZodType<T>;
  temperature: number;
  video?: { url: string };
}

/** A searched answer: the value, the pages the search read, Google's Search Suggestions (HTML) when given. */
export interface SearchedAnswer<T> {
  value: T;
  sources: { url: string; title: string }[];
  searchEntryPoint?: string;
}

/**
 * A language model behind one small interface: offline by default, real models behind it. The feature
 * writes the words and the answer's schema (the script writer: features/creation/script-prompt.ts); the
 * provider sends them and reads the answer (decision 0038).
 */
export interface LlmProvider {
  readonly name: string;
  /**
   * A structured answer: the instructions as the system's, the prompt as the user's (with the video when
   * given), JSON asked for and read with the schema. A malformed answer is a ProviderError 'malformed';
   * a video this provider cannot be given is VideoUnavailable, one it cannot read VideoNotReadable.
   * A provider without one (the offline writer) leaves the feature to its offline writer.
   */
  structured?<T>(ask: StructuredAsk<T>): Promise<T>;
  /**
   * A fact check grounded in a web search (Gemini's Google Search): the feature's prompt asks for the
   * check's JSON; the claims are placed on the script's lines with the pages the search read as their
   * sources, and the feature's own detected claims (`detected`) kept on the lines the model left unmarked.
   * A model that cannot search has none: the feature asks for the check with the script.
   */
  checkFacts?(input: { prompt: string; script: string; detected: readonly Claim[] }): Promise<FactCheck>;
  /**
   * A structured answer that may search the web while it is written (Gemini's Google Search): the JSON
   * the model gave, read with the schema, with the pages the search read (`sources`, none when it did not
   * search) and the Search Suggestions to show beside it. A model that cannot search has none.
   */
  searched?<T>(ask: Omit<StructuredAsk<T>, 'video'>): Promise<SearchedAnswer<T>>;
  /**
   * A question answered under these instructions alone (no search tool): the model's text as it gave
   * it, an empty string when it gave none. The feature writes the instructions and reads the answer
   * (the support chat: features/support/prompt.ts). A provider without one (the offline writer) leaves
   * the feature to its own answer.
   */
  answer?(input: { instructions: string; question: string }): Promise<string>;
}
