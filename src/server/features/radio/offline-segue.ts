import type { SegueInput, SegueTrack } from '../../providers/llm/types';

/**
 * The offline writer's segues (あと N 分, issue 28.2, decision 0034): two short lines, one per host, about
 * the two tracks: the one that ended (its title or theme, a reaction) and the one that comes next (named by
 * its title, or by its theme when the title is long), joined by whether they share a theme. Which words
 * are used is chosen by the pair itself, so programmes vary and the same pair always says the same.
 */

/** A title longer than this is named by its theme: the segue stays within its 3 to 10 spoken seconds. */
const SPOKEN_TITLE_MAX = 20;

const hashOf = (text: string) => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
};
const pick = <T>(list: readonly T[], seed: number, salt: number) => list[(seed >>> (salt * 3)) % list.length];

/** How a track is named aloud: 「its title」, or its theme (its category, else its first words). */
export function spokenName(t: SegueTrack): string {
  const title = t.title.replace(/[「」『』]/g, '').trim();
  if (title && [...title].length <= SPOKEN_TITLE_MAX) return `「${title}」`;
  if (t.category) return `${t.category}の話題`;
  return `「${[...title].slice(0, SPOKEN_TITLE_MAX).join('')}」`;
}

const AFTER = [
  (n: string) => `${n}、いかがでしたか。`,
  (n: string) => `${n}、面白かったですね。`,
  (n: string) => `${n}をお届けしました。`,
  (n: string) => `${n}、考えさせられました。`,
  (n: string) => `ここまで${n}でした。`,
] as const;
const SAME_THEME = [
  (theme: string, next: string) => `${theme}の話がもう少し続きます。次は${next}です。`,
  (theme: string, next: string) => `同じ${theme}から、続いては${next}。`,
  (_theme: string, next: string) => `この流れで、次は${next}をどうぞ。`,
] as const;
const NEW_THEME = [
  (theme: string, next: string) => `ここで${theme}に話題を変えて、${next}です。`,
  (theme: string, next: string) => `がらっと変わって${theme}。${next}をお聴きください。`,
  (_theme: string, next: string) => `続いては${next}。どうぞ。`,
  (_theme: string, next: string) => `さて次は${next}です。`,
] as const;
const CLOSING_FIRST = [
  (n: string) => `最後は${n}でした。`,
  (n: string) => `${n}までお付き合いいただきました。`,
  (n: string) => `締めくくりは${n}でした。`,
] as const;
const CLOSING_SECOND = [
  'お時間です。また無限でお会いしましょう。',
  'ちょうどお時間です。聴いてくれてありがとう。',
  '今回はここまで。またお耳にかかりましょう。',
] as const;

/** A two-host script: ハルカ looks back, ケンタ names what comes next (or closes the programme). */
export function writeSegueScript({ from, to }: SegueInput): string {
  const seed = hashOf(`${from.title}\u0000${to?.title ?? ''}`);
  const before = spokenName(from);
  if (!to) {
    return `ハルカ：${pick(CLOSING_FIRST, seed, 0)(before)}\nケンタ：${pick(CLOSING_SECOND, seed, 1)}`;
  }
  const next = spokenName(to);
  const sameTheme = Boolean(from.category && from.category === to.category);
  const theme = to.category ?? '別の話題';
  const bridge = sameTheme ? pick(SAME_THEME, seed, 2)(theme, next) : pick(NEW_THEME, seed, 2)(theme, next);
  return `ハルカ：${pick(AFTER, seed, 1)(before)}\nケンタ：${bridge}`;
}
