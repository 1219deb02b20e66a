import type { FactCheck } from '../../../shared/schemas/creation';

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

/** What the hosts bridge: from one track into the next, or (`to` null) the programme's closing after it. */
export interface SegueInput {
  from: SegueTrack;
  to: SegueTrack | null;
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
  /**
   * The hosts' bridge between two tracks of a programme (3 to 10 seconds spoken, naming what comes next
   * by its title or theme), or its closing: a two-host script of two or three short lines. Optional for
   * stand-ins in tests; the programme falls back to the offline writer without it.
   */
  writeSegue?(input: SegueInput): Promise<string>;
}
