import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../../providers/japanese/index';
import { analyse, type Role } from './analyse';
import * as moves from './moves';
import { plainOf } from './plain';
import { paragraphsOf } from './sentences';

let tk: Tokenizer<IpadicFeatures>;
beforeAll(async () => {
  tk = await loadTokenizer();
});
const s = (text: string, last = false) => analyse(text, tk, last);

const STAT =
  '厚生労働省の統計によると、全国の公衆浴場は一九六八年ごろの約一万八千軒をピークに減り続け、二〇二〇年代には二千軒を下回りました。';

describe('#25.1 the writer, step by step', () => {
  it('sentences: split at 。！？ outside quotes, by paragraph, each said once', () => {
    expect(paragraphsOf('大人の七割が「漢字を書けなくなった。」と感じています。本当？\n\n次の段落です。本当？')).toEqual([
      ['大人の七割が「漢字を書けなくなった。」と感じています。', '本当？'],
      ['次の段落です。'],
    ]);
  });

  it.each<[string, Role]>([
    [STAT, 'attributed'],
    ['入浴料は東京都で五百五十円と決められています。', 'statistic'],
    ['自宅に風呂があるのが当たり前になったことが一番の理由です。', 'cause'],
    ['なぜなら、言葉を選ぶ余裕が生まれるからです。', 'cause'],
    ['たとえば、東京の高円寺では古い銭湯が人気です。', 'example'],
    ['一方で、若い世代が銭湯を訪れる動きもあります。', 'contrast'],
    ['銭湯は、数少ない公共の場所だと思います。', 'opinion'],
    ['つまり、色の数は文化が決めているのです。', 'conclusion'],
    ['鍋に油をひいて牛肉を炒めます。', 'statement'],
  ])('roles: %s is %s', (text, role) => {
    expect(s(text).role).toBe(role);
  });

  it('terms: content nouns and numbers as the text writes them', () => {
    const stat = s(STAT);
    expect(stat.terms).toEqual([
      '厚生労働省',
      '統計',
      '全国',
      '公衆浴場',
      '一九六八年ごろ',
      '約一万八千軒',
      'ピーク',
      '二〇二〇年代',
      '二千軒',
    ]);
    expect(stat.numbers).toEqual(['一九六八年ごろ', '約一万八千軒', '二〇二〇年代', '二千軒']);
    expect(stat.source).toBe('厚生労働省の統計');
    expect(s('大きな湯船で手足を伸ばすと、家の風呂とは違う解放感があります。').phrases).toEqual([
      '大きな湯船',
      '手足',
      '家の風呂',
      '解放感',
    ]);
  });

  it('plain form: the polite ending a host asks back with', () => {
    const plain = (text: string) => plainOf(tk.tokenize(text))?.text ?? null;
    expect(plain('二千軒を下回りました。')).toBe('二千軒を下回った');
    expect(plain('水にさらしておきます。')).toBe('水にさらしておく');
    expect(plain('庶民が気軽に乗れるものではありませんでした。')).toBe('庶民が気軽に乗れるものではなかった');
    expect(plain('欠かせない場所でした。')).toBe('欠かせない場所だった');
    expect(plain('一時間足らずになったのです。')).toBe('一時間足らずになった');
    expect(plain('五色とする人が多いそうです。')).toBe('五色とする人が多い');
    expect(plainOf(tk.tokenize('夜に狩りをしていた名残だそうです。'))).toEqual({ text: '夜に狩りをしていた名残', noun: true });
    expect(plain('鉄道は大きな柱だったと言えるでしょう。')).toBeNull();
  });

  it('opening: the greeting names the topic, the next line the title', () => {
    expect(moves.opening('銭湯', '町の銭湯', false, ['ハルカ', 'ケンタ']).map((c) => c[0])).toEqual([
      'こんにちは、ハルカです。今日は銭湯のお話です。',
      'ケンタです。今日のテーマは「町の銭湯」です。',
    ]);
  });

  it('confirm: the sentence asked back in its own words; a noun ending asks what the topic is', () => {
    expect(moves.confirmQuestion(s('ええと、大きな湯船で手足を伸ばすと、家の風呂とは違う解放感があります。'))[0]).toBe(
      '家の風呂とは違う解放感があるんですか？',
    );
    expect(moves.confirmQuestion(s('材料は、じゃがいも三個、牛肉二百グラムです。'))).toEqual(['材料は、何なんですか？']);
    expect(moves.confirmQuestion(s('肉じゃがは家庭料理の定番です。'))).toEqual([]);
  });

  it('share and share-ask: a long sentence is said by both hosts, the second half asked with its numbers', () => {
    const stat = s(STAT);
    const share = moves.shareOf(stat);
    expect(share?.first).toBe('厚生労働省の統計によると、全国の公衆浴場は一九六八年ごろの約一万八千軒をピークに減り続け、');
    expect(share?.second).toBe('二〇二〇年代には二千軒を下回りました。');
    expect(share && moves.shareQuestion(stat, share)[0]).toBe('一万八千軒から、二〇二〇年代には二千軒を下回ったんですか？');
    expect(moves.shareOf(s('鍋に油をひいて牛肉を炒めます。'))).toBeNull();
  });

  it('why: asks why the sentence before holds, which the cause answers', () => {
    const prev = s('全国の公衆浴場は、二〇二〇年代には二千軒を下回りました。');
    expect(moves.whyQuestion(s('自宅に風呂があるのが当たり前になったことが一番の理由です。'), prev, '銭湯')[0]).toBe(
      'どうして、二〇二〇年代には二千軒を下回ったんでしょう？',
    );
  });

  it('example: asks for an example of the last thing the sentence before named', () => {
    expect(moves.exampleQuestion(s('一方で、若い世代が銭湯を訪れる動きもあります。'), '銭湯')[0]).toBe('たとえば、どんな動きですか？');
    expect(moves.exampleQuestion(undefined, '銭湯')).toEqual(['銭湯の例を挙げると、どうなりますか？']);
  });

  it('source: asks what the named source says', () => {
    expect(moves.sourceQuestion(s(STAT))[0]).toBe('厚生労働省の統計では、どうなっているんですか？');
    expect(moves.sourceQuestion(s('銭湯は減りました。'))).toEqual([]);
  });

  it('about: a phrase of the sentence asked about, the last resort for a third question', () => {
    expect(moves.aboutQuestion(s('銭湯は、知らない人どうしが同じ湯につかる、数少ない公共の場所だと思います。'), '銭湯')).toEqual([
      '公共の場所というと？',
      '人どうしというと？',
    ]);
  });

  it('view: asks the other host for their view of the topic', () => {
    expect(moves.viewQuestion('ケンタ', '銭湯')[0]).toBe('ケンタさんは、銭湯のことをどう考えていますか？');
  });

  it('answer: the text itself, with a word of assent after a yes-or-no question', () => {
    const text = '水にさらしておきます。';
    expect(moves.answerOf(s(text), 'confirm', 0)[0]).toBe(`ええ、${text}`);
    expect(moves.answerOf(s(text), 'why', 0)[0]).toBe(text);
  });

  it('reaction: echoes a phrase of the sentence not echoed before, in the tone of its role', () => {
    const stat = s('入浴料は東京都で五百五十円と決められています。');
    expect(moves.reaction(stat, 'statistic', 0, new Set(), '銭湯')[0]).toBe('五百五十円、数字で聞くとはっきりしますね。');
    const plain = s('大きな湯船で手足を伸ばすと、家の風呂とは違う解放感があります。');
    expect(moves.reaction(plain, 'statement', 1, new Set(), '銭湯')[0]).toBe('大きな湯船の話、おもしろいですね。');
    expect(moves.reaction(plain, 'statement', 1, new Set(['大きな湯船']), '銭湯')[0]).toBe('家の風呂の話、おもしろいですね。');
    expect(moves.reaction(s('つまり、鉄道は人の移動だけでなく、町の形まで変えたのです。'), 'conclusion', 0, new Set(), '鉄道')[0]).toBe(
      '町の形まで変えた、ということですね。',
    );
  });

  it('closing: names the topic and what the talk went through', () => {
    expect(moves.closing('銭湯', ['公衆浴場', '入浴料', '高円寺']).map((c) => c[0])).toEqual([
      '今日は銭湯について、公衆浴場や入浴料のお話をしました。',
      '高円寺のことも、覚えておきたいですね。聞いてくださって、ありがとうございました。',
      'また次回お会いしましょう。',
    ]);
  });
});
