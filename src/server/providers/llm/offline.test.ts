import { describe, expect, it } from 'vitest';
import { parseDialogue } from '../tts/hosts';
import { checkFacts, labelsFor, offlineLlm, sentencesOf, titleFrom } from './offline';

const TEXT =
  '朝の散歩は体にも心にも良い習慣です。朝日を浴びると体内時計が整います。歩く時間は十五分くらいから始めると続けやすいです。' +
  '途中で季節の花を見つけるのも楽しみのひとつです。帰ってから飲む一杯の水も大切です。';

describe('the offline script writer', () => {
  it('writes a two-host dialogue: an opening, the points in order, reactions and questions, a closing', async () => {
    const draft = await offlineLlm().writeScript({ inputText: TEXT, title: '' });
    const lines = parseDialogue(draft.script);
    expect(lines[0]).toMatchObject({ speaker: 'ハルカ' });
    expect(lines[1].text).toContain('今日のテーマは「朝の散歩は体にも心にも良い習慣です」');
    expect(new Set(lines.map((l) => l.speaker))).toEqual(new Set(['ハルカ', 'ケンタ']));
    // The hosts take turns: no speaker talks three lines running.
    for (let i = 2; i < lines.length; i++)
      expect(lines[i].speaker === lines[i - 1].speaker && lines[i].speaker === lines[i - 2].speaker).toBe(false);
    // Every point of the text is said, in order.
    let at = 0;
    for (const point of sentencesOf(TEXT)) {
      const found = draft.script.indexOf(point.replace(/。$/, ''), at);
      expect(found, point).toBeGreaterThan(at - 1);
      at = found;
    }
    expect(draft.script).toMatch(/？/);
    expect(lines.at(-1)?.text).toBe('また次回お会いしましょう。');
    expect(draft.title).toBe('朝の散歩は体にも心にも良い習慣です');
    expect(draft.labels).toContain('健康・ウェルネス');
  });

  it('is deterministic', async () => {
    const a = await offlineLlm().writeScript({ inputText: TEXT, title: '朝' });
    const b = await offlineLlm().writeScript({ inputText: TEXT, title: '朝' });
    expect(a).toEqual(b);
  });

  it('checks facts honestly: names what needs a source, and rewriting addresses it', async () => {
    const llm = offlineLlm();
    const claims = 'この山は日本一高い山です。毎年30万人が登ります。景色がきれいです。';
    const draft = await llm.writeScript({ inputText: claims, title: '山' });
    expect(draft.factCheck.status).toBe('issues_found');
    expect(draft.factCheck.issues).toHaveLength(2);
    expect(draft.factCheck.confidence).toBeLessThan(60);
    expect(draft.factCheck.summary).toContain('オフライン');
    const fixed = await llm.rewriteScript({ inputText: claims, originalScript: draft.script, issues: draft.factCheck.issues });
    expect(fixed.script).not.toBe(draft.script);
    expect(fixed.script).toContain('と言われています');
    expect(fixed.factCheck.status).toBe('verified');
    const plain = checkFacts('ハルカ：景色がきれいですね。\nケンタ：本当に。');
    expect(plain).toMatchObject({ status: 'verified', issues: [] });
    expect(plain.summary).toContain('外部の情報源とは照合していません');
  });

  it('titles and labels', () => {
    expect(titleFrom('これはとても長い最初の文で、三十文字を超えるとタイトルは省略記号で終わるはずです。次の文。')).toHaveLength(31);
    expect(labelsFor('AIとスマホのアプリ、そしてラーメンのレシピ')).toEqual(['テクノロジー', '料理・グルメ']);
    expect(labelsFor('今日はいい天気')).toEqual([]);
  });
});
