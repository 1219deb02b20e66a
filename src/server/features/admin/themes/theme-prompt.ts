import { z } from 'zod';
import { THEME_LIMITS } from '../../../../shared/rules/admin-themes';
import { type LlmProvider, VideoUnavailable } from '../../../providers/llm/types';

/**
 * What a model is asked when it is given a YouTube video (admin console テーマ管理), and how its answer
 * is read: themes for a two-host talk, each a title, a perspective and the content to talk about.
 */
export const THEME_EXTRACTOR = `あなたは日本語のトークラジオ「無限」の企画担当です。与えられたYouTube動画の内容から、
2人のホストが3〜5分で話せる番組のテーマを1〜5個提案します。
- title: テーマの題（30文字程度まで）
- perspective: どんな視点・切り口で話すか（100文字程度まで）
- content: 番組で話す内容の要点（動画で語られている事実にもとづき、300〜800字程度）
- 動画にない事実は足さず、断定できないことは断定しません。
- videoTitle には動画のタイトルを書きます。
JSON だけを返します。`;

export const THEMES_PROMPT =
  '動画の内容から番組のテーマを提案し、{"videoTitle","themes":[{"title","perspective","content"}]} の JSON で返してください。';

const clip = (max: number) => z.string().transform((s) => [...s.trim()].slice(0, max).join(''));

/** The model's answer: 1 to 10 themes, each field cut to the theme limits (a longer one is clipped, not refused). */
export const ThemesAnswer = z.object({
  videoTitle: z
    .string()
    .nullish()
    .transform((s) => (s?.trim() ? [...s.trim()].slice(0, 200).join('') : null)),
  themes: z
    .array(
      z.object({
        title: clip(THEME_LIMITS.title).pipe(z.string().min(1)),
        perspective: clip(THEME_LIMITS.perspective).default(''),
        content: clip(THEME_LIMITS.content).pipe(z.string().min(1)),
      }),
    )
    .max(10),
});

/** Programme themes an operator reviews, proposed from a YouTube video. */
export type ExtractedThemes = z.infer<typeof ThemesAnswer>;

/** Themes read from the video a little more steadily than a script is written. */
const THEMES_TEMPERATURE = 0.4;

/**
 * Themes for the programme from a YouTube video (its watch URL): title, perspective and content each,
 * in Japanese. Without a model (the offline writer has no network) it throws VideoUnavailable, as a
 * model that cannot be given a video does.
 */
export async function themesFromVideo(llm: LlmProvider, { url }: { url: string }): Promise<ExtractedThemes> {
  if (!llm.structured) throw new VideoUnavailable(llm.name, 'offline');
  return llm.structured({
    instructions: THEME_EXTRACTOR,
    prompt: THEMES_PROMPT,
    schema: ThemesAnswer,
    temperature: THEMES_TEMPERATURE,
    video: { url },
  });
}
