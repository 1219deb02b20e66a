import { describe, expect, it } from 'vitest';
import { SCRIPT_FORMATS } from '../../../../shared/rules/creation';
import { parseDialogue } from '../../../providers/tts/hosts';
import { testJapanese } from '../../../test/japanese';
import { writeDialogue } from './index';
import { DEBATE, NEWS } from './shapes';
import { speechSeconds } from './speech-length';

const J = testJapanese();

/** A held-out text (none of test/data's fixtures): four paragraphs with a statistic, a cause, an example, a contrast and a conclusion. */
const TITLE = '在宅勤務のこれから';
const TEXT = `在宅勤務は、この数年で働き方の選択肢としてすっかり定着しました。総務省の調査によると、テレワークを導入している企業は二〇二二年に約五割に達しました。通勤がなくなり、一日に平均で一時間ほどの時間が浮くからです。

たとえば、浮いた時間を子どもの送り迎えや運動にあてる人が増えています。家で集中できる環境を整えれば、会議の少ない午前中に資料づくりがはかどります。

しかし、在宅勤務には孤立しやすいという問題もあります。雑談が減ると、新人が先輩に気軽に相談できなくなり、仕事を覚えるのに時間がかかります。一方で、週に二日だけ出社する働き方を選ぶ会社も増えています。

つまり、在宅と出社のどちらかを選ぶのではなく、組み合わせ方を考えることが大切だと思います。`;
const SENTENCES = TEXT.replace(/\n/g, '')
  .split('。')
  .filter(Boolean)
  .map((s) => `${s}。`);

const speakers = (script: string) => script.split('\n').map((l) => l.split('：')[0]);
const body = (line: string) => line.slice(line.indexOf('：') + 1);
const linesOf = (script: string, host: string) =>
  script
    .split('\n')
    .filter((l) => l.startsWith(`${host}：`))
    .map(body);
const CONTRAST = /^(でも|しかし|一方で|それでも|とはいえ)、/;

describe('#39.2 the offline writer makes each shape from the same sentence roles (held-out text)', () => {
  it('the default shape is the two-host talk it always was', async () => {
    expect(await writeDialogue(J, TEXT, TITLE, { format: 'dialogue', length: 'standard' })).toBe(await writeDialogue(J, TEXT, TITLE));
  });

  it('a monologue has one speaker only, says every sentence of the text, and one voice speaks it', async () => {
    const script = await writeDialogue(J, TEXT, TITLE, { format: 'monologue', length: 'standard' });
    expect(new Set(speakers(script))).toEqual(new Set(['ハルカ']));
    expect(new Set(parseDialogue(script).map((l) => l.speaker))).toEqual(new Set(['ハルカ']));
    for (const s of SENTENCES) expect(script).toContain(s);
    expect(script.split('\n')[0]).toBe('ハルカ：こんにちは、ハルカです。今日は在宅勤務のお話を、ひとりでお届けします。');
  });

  it('a debate has both hosts each taking a side, and turns of contrast from both', async () => {
    const script = await writeDialogue(J, TEXT, TITLE, { format: 'debate', length: 'standard' });
    const haruka = linesOf(script, 'ハルカ');
    const kenta = linesOf(script, 'ケンタ');
    expect(haruka[0]).toBe('ハルカです。今日は在宅勤務を討論します。私は賛成の立場です。');
    expect(kenta[0]).toBe('ケンタです。テーマは「在宅勤務のこれから」。私は反対の立場です。');
    // The text's own other side is ケンタ's.
    expect(kenta).toContain('しかし、在宅勤務には孤立しやすいという問題もあります。');
    expect(kenta).toContain('一方で、週に二日だけ出社する働き方を選ぶ会社も増えています。');
    expect(kenta.filter((l) => CONTRAST.test(l)).length).toBeGreaterThanOrEqual(3);
    expect(haruka.filter((l) => CONTRAST.test(l)).length).toBeGreaterThanOrEqual(2);
    // Each sums up its side at the end.
    expect(haruka).toContain('私は、この数年があるからこそ、在宅勤務に賛成です。');
    expect(kenta).toContain('私は、孤立の面を忘れずに考えたいと思います。');
    // They answer each other: after the opening, no host speaks twice in a row.
    const turns = speakers(script);
    expect(turns.slice(1).filter((s, i) => s === turns[i]).length).toBe(0);
  });

  it('an interview alternates questions by ケンタ and explanations by ハルカ, which are the text', async () => {
    const script = await writeDialogue(J, TEXT, TITLE, { format: 'interview', length: 'standard' });
    const lines = script.split('\n');
    const middle = lines.slice(2, -3);
    expect(middle.length % 2).toBe(0);
    middle.forEach((line, i) => {
      if (i % 2 === 0) expect(line).toMatch(/^ケンタ：.+[？]$|^ケンタ：.+ください。$/);
      else expect(line).toMatch(/^ハルカ：.+。$/);
    });
    expect(middle[0]).toBe('ケンタ：まず、在宅勤務について教えてください。');
    expect(middle).toContain('ケンタ：総務省の調査では、どうなっているんですか？');
    const explained = middle.filter((_, i) => i % 2 === 1).join('');
    for (const s of SENTENCES) expect(explained).toContain(s);
  });

  it('news has a headline, numbered points and a wrap-up', async () => {
    const script = await writeDialogue(J, TEXT, TITLE, { format: 'news', length: 'standard' });
    const lines = script.split('\n');
    expect(lines[0]).toBe('ハルカ：ハルカです。在宅勤務のニュースです。「在宅勤務のこれから」。');
    expect(lines[1]).toBe(`ハルカ：${SENTENCES[0]}`);
    expect(lines[2]).toBe('ケンタ：ケンタです。ポイントは七つです。');
    const points = lines.filter((l) => /^(ハルカ|ケンタ)：[一二三四五六七八九]つ目、/.test(l));
    expect(points.map((l) => body(l).slice(0, 3))).toEqual(['一つ目', '二つ目', '三つ目', '四つ目', '五つ目', '六つ目', '七つ目']);
    expect(lines.at(-2)).toBe(`ケンタ：まとめです。${SENTENCES.at(-1)}`);
    expect(lines.at(-1)).toBe('ケンタ：以上、在宅勤務のニュースでした。また次回お会いしましょう。');
    expect(NEWS.point(9, { text: 'x。' } as never)[0]).toBe('さらに、x。');
  });

  it.each(SCRIPT_FORMATS)(
    '%s: a short show is under 45%% of the standard one and about a minute, its lines each said once',
    async (format) => {
      const standard = await writeDialogue(J, TEXT, TITLE, { format, length: 'standard' });
      const short = await writeDialogue(J, TEXT, TITLE, { format, length: 'short' });
      expect(short.length / standard.length).toBeLessThan(0.45);
      expect(speechSeconds(short)).toBeLessThanOrEqual(55);
      expect(speechSeconds(short)).toBeGreaterThanOrEqual(25);
      for (const script of [standard, short]) {
        const lines = script.split('\n');
        expect(new Set(lines).size).toBe(lines.length);
        expect(lines.every((l) => /^(ハルカ|ケンタ)：\S/.test(l))).toBe(true);
      }
      if (format === 'monologue') expect(new Set(speakers(short))).toEqual(new Set(['ハルカ']));
      else expect(new Set(speakers(short))).toEqual(new Set(['ハルカ', 'ケンタ']));
    },
  );

  it('a short debate still gives each host its side: the text opening and its contrast', async () => {
    const short = await writeDialogue(J, TEXT, TITLE, { format: 'debate', length: 'short' });
    expect(linesOf(short, 'ハルカ')).toContain(SENTENCES[0]);
    expect(linesOf(short, 'ケンタ')).toContain('しかし、在宅勤務には孤立しやすいという問題もあります。');
  });

  it("the debate's turns of contrast each begin with a word of contrast", () => {
    for (const line of [...DEBATE.rebut.ハルカ, ...DEBATE.rebut.ケンタ, DEBATE.lead.ハルカ, DEBATE.lead.ケンタ])
      expect(line).toMatch(CONTRAST);
  });
});
