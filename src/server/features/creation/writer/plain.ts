import type { IpadicFeatures } from 'kuromoji';

/**
 * A polite clause in the plain form a host asks with: 下回りました → 下回った, 置いておきます → 置いておく,
 * ありませんでした → なかった, 場所でした → 場所だった. `noun` is true when the clause ends on a noun
 * (場所, そう), which asks with なんですか rather than んですか. Null when the ending is not one of these.
 */
export interface Plain {
  text: string;
  noun: boolean;
}

const A_ROW: Record<string, string> = {
  う: 'わ',
  く: 'か',
  ぐ: 'が',
  す: 'さ',
  つ: 'た',
  ぬ: 'な',
  ぶ: 'ば',
  む: 'ま',
  る: 'ら',
};

/** 下回る → 下回った; 読む → 読んだ; null for a conjugation this does not know. */
export function pastOf(basic: string, type: string): string | null {
  const stem = basic.slice(0, -1);
  if (type.startsWith('一段')) return `${stem}た`;
  if (type === 'カ変・来ル') return '来た';
  if (type === 'カ変・クル') return 'きた';
  if (type.startsWith('サ変'))
    return basic.endsWith('する') ? `${basic.slice(0, -2)}した` : basic.endsWith('ずる') ? `${basic.slice(0, -2)}じた` : null;
  if (type === '五段・カ行促音便') return `${stem}った`;
  if (type.startsWith('五段・カ行')) return `${stem}いた`;
  if (type.startsWith('五段・ガ行')) return `${stem}いだ`;
  if (type.startsWith('五段・サ行')) return `${stem}した`;
  if (/^五段・(タ行|ラ行|ワ行)/.test(type)) return `${stem}った`;
  if (/^五段・(ナ行|バ行|マ行)/.test(type)) return `${stem}んだ`;
  return null;
}

/** 乗る → 乗らない; ある → ない. */
export function negativeOf(basic: string, type: string): string | null {
  if (basic === 'ある') return 'ない';
  if (type.startsWith('一段')) return `${basic.slice(0, -1)}ない`;
  if (type.startsWith('カ変')) return basic === '来る' ? '来ない' : 'こない';
  if (type.startsWith('サ変')) return basic.endsWith('する') ? `${basic.slice(0, -2)}しない` : null;
  if (type.startsWith('五段')) {
    const a = A_ROW[basic.slice(-1)];
    return a ? `${basic.slice(0, -1)}${a}ない` : null;
  }
  return null;
}

const surface = (tokens: IpadicFeatures[]) => tokens.map((t) => t.surface_form).join('');

/** The clause's tokens without its closing marks (。！？ and a closing quote kept out). */
function body(tokens: IpadicFeatures[]): IpadicFeatures[] {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1].pos === '記号') end--;
  return tokens.slice(0, end);
}

export function plainOf(clause: IpadicFeatures[]): Plain | null {
  const t = body(clause);
  const n = t.length;
  if (n < 2) return null;
  const s = (i: number) => t[n - i]?.surface_form ?? '';
  const head = (k: number) => surface(t.slice(0, n - k));
  const verb = (i: number) => t[n - i];
  // …ませんでした → …なかった, …ません → …ない
  if (s(1) === 'た' && s(2) === 'でし' && s(3) === 'ん' && s(4) === 'ませ') {
    const neg = verb(5) && negativeOf(verb(5).basic_form, verb(5).conjugated_type);
    return neg ? { text: `${head(5)}${neg.slice(0, -1)}かった`, noun: false } : null;
  }
  if (s(1) === 'ん' && s(2) === 'ませ') {
    const neg = verb(3) && negativeOf(verb(3).basic_form, verb(3).conjugated_type);
    return neg ? { text: `${head(3)}${neg}`, noun: false } : null;
  }
  // …ました → past, …ます → dictionary form
  if (s(1) === 'た' && s(2) === 'まし') {
    const past = verb(3) && pastOf(verb(3).basic_form, verb(3).conjugated_type);
    return past ? { text: `${head(3)}${past}`, noun: false } : null;
  }
  if (s(1) === 'ます') {
    const v = verb(2);
    return v && v.basic_form !== '*' ? { text: `${head(2)}${v.basic_form}`, noun: false } : null;
  }
  // …でした / …です after a noun, an adjective, or の・ん
  const past = s(1) === 'た' && s(2) === 'でし';
  const k = past ? 2 : s(1) === 'です' || s(1) === 'だ' ? 1 : 0;
  if (k === 0) {
    const last = t[n - 1];
    if (last.pos === '動詞' && last.conjugated_form === '基本形') return { text: surface(t), noun: false };
    if (last.surface_form === 'た' && last.pos === '助動詞') return { text: surface(t), noun: false };
    return null;
  }
  let before = t[n - k - 1];
  if (!before) return null;
  // …多いそうです (hearsay): asked without そう, 「…多いんですか？」
  if (before.surface_form === 'そう' && before.pos_detail_2 === '助動詞語幹' && t[n - k - 2]) {
    let inner = t.slice(0, n - k - 1);
    // …名残だそうです: 「…名残なんですか？」
    if (inner.at(-1)?.surface_form === 'だ' && inner.length > 1) inner = inner.slice(0, -1);
    const last = inner[inner.length - 1];
    if (last.pos === '名詞') return { text: surface(inner), noun: true };
    return { text: surface(inner), noun: false };
  }
  before = t[n - k - 1];
  if (before.pos === '形容詞') return { text: `${head(k)}`, noun: false };
  if ((before.surface_form === 'の' || before.surface_form === 'ん') && t[n - k - 2]) {
    return { text: head(k + 1), noun: false };
  }
  if (before.pos === '名詞') return past ? { text: `${head(k)}だった`, noun: false } : { text: head(k), noun: true };
  return null;
}

/** The question a host asks to have the clause said: 「…下回ったんですか？」 */
export function askingOf(p: Plain): string {
  return `${p.text}${p.noun ? 'なんですか？' : 'んですか？'}`;
}
