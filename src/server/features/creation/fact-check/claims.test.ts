import { describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../../providers/japanese/index';
import { testJapanese } from '../../../test/japanese';
import { claimKindOf, detectClaims, parseJapaneseNumber } from './claims';
import { offlineFactCheck } from './offline';

const J = testJapanese();

const SENTO = [
  'ハルカ：こんにちは、ハルカです。',
  'ケンタ：ケンタです。今日のテーマは「銭湯」です。',
  'ハルカ：厚生労働省の統計によると、銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています。',
  'ケンタ：一万八千軒から減ったんですか？',
  'ハルカ：自宅に風呂があるのが当たり前になったことが一番の理由です。',
  'ケンタ：今では二千軒を下回っています。',
  'ハルカ：銭湯は地域の交流の場として大切です。',
  'ケンタ：また行ってみたいと思います。',
].join('\n');

describe('#25.2 the offline claim detector', () => {
  it('#25.2 reads Japanese numbers: kanji digit by digit, kanji with units, digits, and both', () => {
    expect(parseJapaneseNumber('一九六八')).toBe(1968);
    expect(parseJapaneseNumber('一万八千')).toBe(18000);
    expect(parseJapaneseNumber('二千')).toBe(2000);
    expect(parseJapaneseNumber('三十五')).toBe(35);
    expect(parseJapaneseNumber('十')).toBe(10);
    expect(parseJapaneseNumber('１８，０００')).toBe(18000);
    expect(parseJapaneseNumber('1万8千')).toBe(18000);
    expect(parseJapaneseNumber('二〇二四')).toBe(2024);
    expect(parseJapaneseNumber('何')).toBeNull();
  });

  it('#25.2 pins the attributed statistic to its line and leaves the opinion about causes, the question and the hedges unmarked', async () => {
    const claims = await detectClaims(J, SENTO);
    expect(claims.map((c) => [c.line, c.kind, c.status, c.sources])).toEqual([
      [2, 'attribution', 'needs_source', []],
      [5, 'statistic', 'needs_source', []],
    ]);
    expect(claims[0].text).toBe('厚生労働省の統計によると、銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています。');
    expect(claims[1].text).toBe('今では二千軒を下回っています。');
  });

  it('#25.2 claims: statistics, numbers and dates, attributions, superlatives and firsts, absolutes', async () => {
    const tk = await loadTokenizer();
    const kinds = (s: string) => claimKindOf(s, tk);
    expect(kinds('参加者の35%が満足しました。')).toBe('statistic');
    expect(kinds('利用者は三割減りました。')).toBe('statistic');
    expect(kinds('料金は二倍になりました。')).toBe('statistic');
    expect(kinds('毎年30万人が登ります。')).toBe('statistic');
    expect(kinds('一九六八年に開業しました。')).toBe('date');
    expect(kinds('昭和四十年に建てられました。')).toBe('date');
    expect(kinds('1960年代に広まりました。')).toBe('date');
    expect(kinds('3月15日に始まりました。')).toBe('date');
    expect(kinds('研究チームが新しい結果を発表しました。')).toBe('attribution');
    expect(kinds('気象庁によれば、今年の夏は暑くなります。')).toBe('attribution');
    expect(kinds('内閣府の調査で、利用者が増えていることがわかりました。')).toBe('attribution');
    expect(kinds('日本で一番多いのは東京です。')).toBe('superlative');
    expect(kinds('この山は日本一高い山です。')).toBe('superlative');
    expect(kinds('ここは県内で最大の湖です。')).toBe('superlative');
    expect(kinds('世界で初めて作られた機械です。')).toBe('superlative');
    expect(kinds('これは世界初の試みでした。')).toBe('superlative');
    expect(kinds('最も古い記録が残っています。')).toBe('superlative');
    expect(kinds('月額は四百八十円です。')).toBe('statistic');
    expect(kinds('毎朝30分歩くと必ず健康になります。')).toBe('absolute');
    expect(kinds('この方法なら確実に痩せます。')).toBe('absolute');
    expect(kinds('十九世紀の後半、浮世絵はヨーロッパへ渡りました。')).toBe('date');
  });

  it('#25.2 not claims: opinions, hedges, questions, ranked reasons and small everyday counts', async () => {
    const tk = await loadTokenizer();
    const kinds = (s: string) => claimKindOf(s, tk);
    expect(kinds('自宅に風呂があるのが当たり前になったことが一番の理由です。')).toBeNull();
    expect(kinds('最も大切なのは続けることです。')).toBeNull();
    expect(kinds('三十分歩くと気分が変わるかもしれません。')).toBeNull();
    expect(kinds('毎年30万人が訪れると思います。')).toBeNull();
    expect(kinds('毎日続けることが大切です。')).toBeNull();
    expect(kinds('日本人の平均睡眠時間は世界一短い、と言われています。')).toBeNull();
    expect(kinds('一万八千軒から二千軒を下回ったんですか？')).toBeNull();
    expect(kinds('それは初めて知りました。')).toBeNull();
    expect(kinds('一つの例を紹介します。')).toBeNull();
    expect(kinds('二人でお話しします。')).toBeNull();
    expect(kinds('実はそれが一番危ないんです。')).toBeNull();
    expect(kinds('続けるための一番のこつは、最初から細かく記録しようとしないことです。')).toBeNull();
    expect(kinds('水に三十分ほど浸しておきます。')).toBeNull();
    expect(kinds('一円単位で合わせようとして、疲れてしまうんです。')).toBeNull();
    expect(kinds('景色がきれいですね。')).toBeNull();
  });

  it('#25.2 a hedge does not hide a named source: 統計によると…と言われています is still an attributed claim', async () => {
    const tk = await loadTokenizer();
    expect(claimKindOf('総務省の統計によると、利用者は減っていると言われています。', tk)).toBe('attribution');
  });

  it('#25.2 the line is the 0-based index of the script split on \\n, empty lines counted; several claims on one line are kept apart', async () => {
    const claims = await detectClaims(J, 'ハルカ：こんにちは。\n\nケンタ：毎年30万人が登ります。日本一高い山です。\nハルカ：なるほど。');
    expect(claims.map((c) => [c.line, c.text])).toEqual([
      [2, '毎年30万人が登ります。'],
      [2, '日本一高い山です。'],
    ]);
  });

  it('#25.2 the offline check answers the spec fields and the claims beside them', async () => {
    const check = await offlineFactCheck(J, SENTO);
    expect(check.status).toBe('issues_found');
    expect(check.confidence).toBe(45);
    expect(check.issues).toEqual([
      '「厚生労働省の統計によると、銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています。」は外部の情報源で確認できていません',
      '「今では二千軒を下回っています。」は外部の情報源で確認できていません',
    ]);
    expect(check.claims).toHaveLength(2);
    const plain = await offlineFactCheck(J, 'ハルカ：景色がきれいですね。\nケンタ：本当に。');
    expect(plain).toMatchObject({ status: 'verified', issues: [], claims: [] });
  });
});
