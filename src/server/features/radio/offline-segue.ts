import type { SegueInput, SegueTrack } from '../../providers/llm/types';
import { speechSeconds } from '../creation/public';

/**
 * The offline writer's talk (あと N 分, issue 28.2, decision 0034; lengths, issue 40.1, decision 0046):
 * the two hosts, one line each in turn, about the tracks around them: the one that ended (its title or
 * theme, a reaction) and the one that comes next (named by its title, or by its theme when the title is
 * long), joined by whether they share a theme; the opening and the closing greet and thank. Each is
 * written for its length: the words that must be said first, then what the next track is about and the
 * hosts' asides while they still fit, as the offline voice says them (speechSeconds). Which words are
 * used is chosen by the pair and the length, so programmes vary and the same talk always says the same.
 */

/** A title longer than this is named by its theme, so a short segue stays short. */
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

/** How much of its length the hosts speak: the rest is the breath before what follows. */
export const spokenAim = (seconds: number) => seconds - Math.max(0.5, seconds * 0.08);

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
/** The asides a longer segue adds before naming what comes next. */
const SEGUE_ASIDES = [
  'いいお話でしたね。',
  '聴きながら、いろいろ思い浮かびました。',
  '気になった方は、あとでもう一度聴いてみてください。',
  'ここでひと息つきましょうか。',
] as const;
const OPENING_ASIDES = [
  'この時間は、いま聴けるトラックから、あなたに合わせた番組をお届けします。',
  'トラックとトラックの間は、私たちふたりがつないでいきます。',
  '家事をしながらでも、移動中でも、気軽に聴いてくださいね。',
  '気に入ったトラックがあったら、ぜひいいねを押してください。',
  '番組の残り時間は、プレイヤーに表示されています。',
  'どんな話が聴けるのか、私も楽しみにしています。',
  '途中で止めても、また続きから聴けますよ。',
  '肩の力を抜いて、ゆったりとお付き合いください。',
  '今日もいろいろな話題を用意しています。',
  '新しい発見があるといいですね。',
] as const;
const CLOSING_ASIDES = [
  '今日もいろいろな話題をお届けしました。',
  '気になったトラックは、もう一度聴くこともできます。',
  'お気に入りのトラックには、いいねを押してくださいね。',
  '次の番組も、いま聴けるトラックから作ってお届けします。',
  '最後までお付き合いいただき、ありがとうございました。',
  '聴いてくださったあなたに、感謝しています。',
  'また時間があるときに、気軽に呼んでください。',
  'それでは、よい一日をお過ごしください。',
  '感想があれば、ぜひ教えてくださいね。',
  '無限では、新しいトラックが毎日増えています。',
  '今日の番組は、いかがでしたか。',
  'どのお話が一番心に残りましたか。',
  '私は、どの話もそれぞれに味わいがあったと思います。',
  'ふだん聴かない話題に出会えるのも、この番組の楽しみです。',
  '次はどんな話が聴けるのか、今から楽しみですね。',
  'お相手は、ハルカとケンタでした。',
] as const;
const BRIDGE = ['このまま番組を続けます。', 'では、次へ参りましょう。', 'このまま続けてお聴きください。'] as const;

const HOSTS = ['ハルカ', 'ケンタ'] as const;

/** The least each kind of talk says, naming no track: for slots too short for anything more. */
const SHORTEST = { opening: '無限へようこそ。', segue: '続いてはこちら。', closing: 'お時間です。' } as const;

/** The shortest talk of its kind (one line, no track named): what a slot too short for the written talk hears. */
export function shortestTalk({ from, to }: Pick<SegueInput, 'from' | 'to'>): string {
  const line = !from && !to ? BRIDGE[0] : !from ? SHORTEST.opening : !to ? SHORTEST.closing : SHORTEST.segue;
  return `${HOSTS[0]}：${line}`;
}

/** The sentences of what a track is about, each short enough to say in one breath. */
const gistSentences = (t: SegueTrack | null) =>
  (t?.gist ?? '')
    .split(/(?<=[。！？])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 4 && s.length <= 80);

/**
 * The script: the lines that open it, then as many of the optional lines as fit the spoken aim, then the
 * lines that close it; the hosts take turns. The opening lines alone may be longer than a short aim: the
 * audio is then spoken faster (segues.ts).
 */
function compose(first: readonly string[], optional: readonly string[], last: readonly string[], seconds: number): string {
  const aim = spokenAim(seconds);
  const asScript = (lines: readonly string[]) => lines.map((text, i) => `${HOSTS[i % 2]}：${text}`).join('\n');
  const kept: string[] = [];
  for (const line of optional) {
    if (speechSeconds(asScript([...first, ...kept, line, ...last])) <= aim) kept.push(line);
  }
  return asScript([...first, ...kept, ...last]);
}

/** A two-host script for its length: ハルカ looks back, ケンタ names what comes next (or closes, or opens). */
export function writeSegueScript({ from, to, seconds }: SegueInput): string {
  const seed = hashOf(`${from?.title ?? ''}\u0000${to?.title ?? ''}\u0000${seconds}`);
  const rotate = <T>(list: readonly T[]) => list.map((_, i) => list[(i + (seed % list.length)) % list.length]);
  if (!from && !to) return compose([pick(BRIDGE, seed, 0)], [], [], seconds);
  if (!from && to) {
    const next = spokenName(to);
    const about = gistSentences(to);
    const intro = about.length > 0 ? [`最初は${next}。こんなお話です。`, ...about] : [];
    const first = ['無限のラジオへようこそ。ハルカです。', 'ケンタです。'];
    const last = [`それでは${next}、どうぞ。`];
    const core = speechSeconds([...first, ...last].map((l) => `ハルカ：${l}`).join('\n'));
    if (core > spokenAim(seconds)) return compose([`無限へようこそ。最初は${next}です。`], [], [], seconds);
    return compose(first, [...intro, ...rotate(OPENING_ASIDES)], last, seconds);
  }
  const before = spokenName(from as SegueTrack);
  if (!to) {
    const recap = gistSentences(from);
    return compose([pick(CLOSING_FIRST, seed, 0)(before)], [...recap, ...rotate(CLOSING_ASIDES)], [pick(CLOSING_SECOND, seed, 1)], seconds);
  }
  const next = spokenName(to);
  const sameTheme = Boolean(from?.category && from.category === to.category);
  const theme = to.category ?? '別の話題';
  const bridge = sameTheme ? pick(SAME_THEME, seed, 2)(theme, next) : pick(NEW_THEME, seed, 2)(theme, next);
  const after = pick(AFTER, seed, 1)(before);
  const oneLine = `次は${next}です。`;
  const fits = (lines: readonly string[]) => speechSeconds(lines.map((l) => `ハルカ：${l}`).join('\n')) <= spokenAim(seconds);
  // The shortest segues name what comes next and little else.
  if (!fits([after, bridge])) {
    const lines = fits([after, oneLine]) ? [after, oneLine] : fits([oneLine]) ? [oneLine] : [SHORTEST.segue];
    return compose(lines, [], [], seconds);
  }
  const about = gistSentences(to).slice(0, 2);
  return compose([after], [...rotate(SEGUE_ASIDES), ...about], [bridge], seconds);
}
