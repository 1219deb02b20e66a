import { describe, expect, it } from 'vitest';
import { readingFromTrace } from './openjtalk';
import { analysedWords, BREATH_PAUSE, breathGroupsOf, labelledBreathGroups, withBreathPauses } from './openjtalk-text';

// Issue 37.1: the M001 voice draws out every sound from the eighth accent phrase of a breath group on,
// so the provider puts pauses in such a group. These are open_jtalk's own analysis lines of a sentence of
// one breath group of 14 accent phrases (its labels cut to the breath-group field they carry).
const TEXT = 'この店は駅から近いので朝の散歩の帰りに友達と寄って温かいコーヒーを飲むのが楽しみです。';
const WORDS = [
  'この,連体詞,*,*,*,*,*,この,コノ,コノ,0/2,*,-1',
  '店,名詞,一般,*,*,*,*,店,ミセ,ミセ,2/2,C3,0',
  'は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1',
  '駅,名詞,一般,*,*,*,*,駅,エキ,エキ’,1/2,C3,0',
  'から,助詞,格助詞,一般,*,*,*,から,カラ,カラ,2/2,名詞%F1,1',
  '近い,形容詞,自立,*,*,形容詞・アウオ段,基本形,近い,チカイ,チ’カイ,2/3,*,0',
  'ので,助詞,接続助詞,*,*,*,*,ので,ノデ,ノデ,1/2,動詞%F2@0/形容詞%F2@-1,1',
  '朝,名詞,副詞可能,*,*,*,*,朝,アサ,アサ,1/2,C3,0',
  'の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1',
  '散歩,名詞,サ変接続,*,*,*,*,散歩,サンポ,サンポ,0/3,C2,0',
  'の,助詞,連体化,*,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F1,1',
  '帰り,名詞,一般,*,*,*,*,帰り,カエリ,カエリ,3/3,C2,0',
  'に,助詞,格助詞,一般,*,*,*,に,ニ,ニ,0/1,動詞%F5/形容詞%F1/名詞%F1,1',
  '友達,名詞,一般,*,*,*,*,友達,トモダチ,トモダチ’,0/4,C2,0',
  'と,助詞,格助詞,一般,*,*,*,と,ト,ト,0/1,形容詞%F1/動詞%F1,1',
  '寄っ,動詞,自立,*,*,五段・ラ行,連用タ接続,寄る,ヨッ,ヨッ,0/2,*,0',
  'て,助詞,接続助詞,*,*,*,*,て,テ,テ,0/1,動詞%F1/形容詞%F1/名詞%F5,1',
  '温かい,形容詞,自立,*,*,形容詞・アウオ段,基本形,温かい,アタタカイ,アタタカイ,4/5,*,0',
  'コーヒー,名詞,一般,*,*,*,*,コーヒー,コーヒー,コーヒー,3/4,C1,0',
  'を,助詞,格助詞,一般,*,*,*,を,ヲ,ヲ,0/1,動詞%F5/名詞%F1,1',
  '飲む,動詞,自立,*,*,五段・マ行,基本形,飲む,ノム,ノム,1/2,*,0',
  'の,名詞,非自立,一般,*,*,*,の,ノ,ノ,0/1,動詞%F2@0/形容詞%F2@-1,0',
  'が,助詞,格助詞,一般,*,*,*,が,ガ,ガ,0/1,名詞%F1,1',
  '楽しみ,名詞,一般,*,*,*,*,楽しみ,タノシミ,タノシミ,3/4,C1,0',
  'です,助動詞,*,*,*,特殊・デス,基本形,です,デス,デス’,1/2,名詞%F2@1/動詞%F1/形容詞%F2@0,1',
  '。,記号,句点,*,*,*,*,。,、,、,0/0,*,0',
];
const COMMA = '、,記号,読点,*,*,*,*,、,、,、,0/0,*,0';

/** A trace of these words whose labels show breath groups of these many accent phrases. */
const trace = (words: string[], groups: number[]) =>
  [
    '[Text analysis result]',
    ...words,
    '',
    '[Output label]',
    '0 5300000 xx^xx-sil+k=o/A:xx+xx+xx/I:xx-xx@xx+xx&xx-xx',
    ...groups.map((n, i) => `${i} ${i + 1} k^o-n+o=m/A:-1+1+2/I:${n}-20@${i + 1}+${groups.length}&1-${n}/J:xx_xx`),
  ].join('\n');

describe('#37.1 pauses in a breath group the voice would draw out', () => {
  it('#37.1 reads the breath groups from the words as the labels show them', () => {
    const words = analysedWords(trace(WORDS, [14]));
    expect(words).toHaveLength(26);
    expect(words[2]).toEqual({ surface: 'は', pos: '助詞', detail: '係助詞', form: '*', pron: 'ワ', chain: 1 });
    expect(breathGroupsOf(words).map((g) => g.length)).toEqual([14]);
    expect(labelledBreathGroups(trace(WORDS, [14]))).toEqual([14]);
  });

  it('#37.1 cuts 14 accent phrases into three groups of at most six, after the clauses’ particles (ので, て)', () => {
    const paced = withBreathPauses(TEXT, trace(WORDS, [14]));
    expect(paced).toBe(
      `この店は駅から近いので${BREATH_PAUSE}朝の散歩の帰りに友達と寄って${BREATH_PAUSE}温かいコーヒーを飲むのが楽しみです。`,
    );
    expect(BREATH_PAUSE).toBe('，');
  });

  it('#37.1 cuts only the long group, and finds the words in a text the analysis spelt in full width', () => {
    const words = [...WORDS.slice(0, 7), COMMA, ...WORDS.slice(7)];
    expect(breathGroupsOf(analysedWords(trace(words, [4, 10]))).map((g) => g.length)).toEqual([4, 10]);
    const text = 'この店は駅から近いので、朝の散歩の帰りに友達と寄って温かいコーヒーを飲むのが楽しみです。';
    expect(withBreathPauses(text, trace(words, [4, 10]))).toBe(
      'この店は駅から近いので、朝の散歩の帰りに友達と寄って，温かいコーヒーを飲むのが楽しみです。',
    );
    // open_jtalk gives Latin letters in full width.
    const latin = ['ＡＢＣ,名詞,固有名詞,組織,*,*,*,ＡＢＣ,エイビーシー,エイビーシー,5/6,C1,-1', ...WORDS.slice(1)];
    expect(withBreathPauses(`ABC${TEXT.slice(2)}`, trace(latin, [14]))).toBe(
      'ABC店は駅から近いので，朝の散歩の帰りに友達と寄って，温かいコーヒーを飲むのが楽しみです。',
    );
  });

  it('#37.1 leaves alone a text whose groups the voice speaks well (seven phrases or fewer), or whose labels it cannot match', () => {
    // この店は駅から近いので朝の散歩の帰りに: seven phrases.
    const seven = [...WORDS.slice(0, 13), WORDS.at(-1) as string];
    expect(withBreathPauses('この店は駅から近いので朝の散歩の帰りに。', trace(seven, [7]))).toBeNull();
    expect(withBreathPauses(TEXT, trace(WORDS, [13]))).toBeNull();
    expect(withBreathPauses(TEXT, trace(WORDS, [4, 10]))).toBeNull();
  });

  it('#37.1 the reading leaves out the pauses put in: they change no word', () => {
    const pause = '，,記号,読点,*,*,*,*,，,、,、,0/0,*,0';
    const paced = [...WORDS.slice(0, 7), pause, ...WORDS.slice(7)];
    expect(readingFromTrace(trace(paced, [4, 10]))).toBe(readingFromTrace(trace(WORDS, [14])));
    expect(readingFromTrace(trace(WORDS, [14]))).toBe(
      'コノミセワエキカラチカイノデアサノサンポノカエリニトモダチトヨッテアタタカイコーヒーヲノムノガタノシミデス。',
    );
  });
});
