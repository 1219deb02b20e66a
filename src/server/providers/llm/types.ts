import type { FactCheck } from '../../../shared/schemas/creation';

export interface ScriptDraft {
  script: string;
  title: string;
  factCheck: FactCheck;
  labels: string[];
}

/** Programme themes an operator reviews (admin console テーマ管理), proposed from a YouTube video. */
export interface ExtractedThemes {
  /** The video's title as the model read it, when it gave one. */
  videoTitle: string | null;
  themes: { title: string; perspective: string; content: string }[];
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
 * Writes and checks two-host scripts, answers questions under a feature's instructions, reads videos. One small interface: offline by
 * default, real models behind it.
 */
export interface LlmProvider {
  readonly name: string;
  writeScript(input: { inputText: string; title?: string }): Promise<ScriptDraft>;
  rewriteScript(input: { inputText: string; originalScript: string; issues: string[] }): Promise<{ script: string; factCheck: FactCheck }>;
  /**
   * A question answered under these instructions alone (no search tool): the model's text as it gave
   * it, an empty string when it gave none. The feature writes the instructions and reads the answer
   * (the support chat: features/support/prompt.ts). A provider without one (the offline writer) leaves
   * the feature to its own answer.
   */
  answer?(input: { instructions: string; question: string }): Promise<string>;
  /**
   * Themes for the programme from a YouTube video (its watch URL): title, perspective and content
   * each, in Japanese. Throws VideoUnavailable when this provider cannot be given a video.
   */
  extractThemes(input: { url: string }): Promise<ExtractedThemes>;
}
