import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../../providers/japanese/index';
import { offlineLlm } from '../../../providers/llm/offline';
import { parseDialogue } from '../../../providers/tts/hosts';
import { sampleInput } from '../../../test/data/sample-input';
import { FIXTURES } from '../../../test/data/writer-texts';
import { testJapanese } from '../../../test/japanese';
import { writeScript } from '../script-writer';
import { analyse } from './analyse';
import { figuresOf } from './checks';
import { HOSTS, topicOf, writeDialogue } from './index';
import { SHARE_FROM, shareOf } from './moves';
import { paragraphsOf } from './sentences';
import { SPEECH_LIMITS } from './speech-length';

const J = testJapanese();

let tk: Tokenizer<IpadicFeatures>;
beforeAll(async () => {
  tk = await loadTokenizer();
});

const TEXTS = [...FIXTURES, { key: 'sleep', title: '眠りの話', text: sampleInput(500) }];

describe('#25.1 the offline writer makes a dialogue (properties over six texts of 300 to 600 characters)', () => {
  it('the fixtures are 300 to 600 characters', () => {
    for (const f of TEXTS) {
      const n = [...f.text.replace(/\n/g, '')].length;
      expect(n, f.key).toBeGreaterThanOrEqual(300);
      expect(n, f.key).toBeLessThanOrEqual(600);
    }
  });

  it.each(TEXTS)(
    '$key: hosts alternate, share the lines, keep the key terms, ask about the text, say nothing twice, fit the length',
    async (f) => {
      const script = await writeDialogue(J, f.text, f.title);
      const g = figuresOf(script, f.text, tk);
      expect(g.switchRate).toBeGreaterThanOrEqual(0.9);
      expect(Object.keys(g.shares).sort()).toEqual([...HOSTS].sort());
      for (const share of Object.values(g.shares)) {
        expect(share).toBeGreaterThanOrEqual(0.35);
        expect(share).toBeLessThanOrEqual(0.65);
      }
      expect(g.coverage).toBeGreaterThanOrEqual(0.8);
      expect(g.questions).toBeGreaterThanOrEqual(3);
      expect(g.textQuestions * 2).toBeGreaterThan(g.questions);
      expect(g.duplicates).toBe(0);
      expect(g.seconds).toBeLessThanOrEqual(SPEECH_LIMITS.max);
      // The format the rest of the app parses: one labelled line per turn.
      expect(script.split('\n').every((l) => /^(ハルカ|ケンタ)：\S/.test(l))).toBe(true);
    },
  );

  it.each(TEXTS)('$key: the opening and the closing name the topic; no stock reaction', async (f) => {
    const script = await writeDialogue(J, f.text, f.title);
    const lines = parseDialogue(script).map((l) => l.text);
    const topic = topicOf(
      paragraphsOf(f.text)
        .flat()
        .map((s) => analyse(s, tk)),
      f.title,
    );
    expect(f.text).toContain(topic);
    expect(lines[0]).toContain(topic);
    expect(lines[1]).toContain(`「${f.title}」`);
    expect(lines.at(-3)).toContain(topic);
    expect(lines.filter((l) => /^(なるほど|たしかに|いい質問ですね|そうですね、大事なのは)/.test(l))).toEqual([]);
  });

  it.each(TEXTS)('$key: every long sentence is shared between the two hosts', async (f) => {
    const script = await writeDialogue(J, f.text, f.title);
    const lines = parseDialogue(script);
    const long = paragraphsOf(f.text)
      .flat()
      .map((s) => analyse(s, tk))
      .filter((s) => [...s.text].length >= SHARE_FROM && shareOf(s));
    for (const s of long) {
      const share = shareOf(s);
      const first = lines.findIndex((l) => l.text.endsWith(share?.first ?? '-'));
      expect(first, s.text).toBeGreaterThan(-1);
      // The other host says the second half, or asks it back in its own words before it is confirmed.
      const next = lines[first + 1];
      expect(next.speaker).not.toBe(lines[first].speaker);
      const terms = analyse(share?.second ?? '', tk).terms;
      expect(terms.filter((t) => next.text.includes(t)).length, next.text).toBeGreaterThanOrEqual(Math.min(2, terms.length));
    }
  });

  it('scripts about unrelated texts share at most their last line', async () => {
    const scripts = await Promise.all(TEXTS.map((f) => writeDialogue(J, f.text, f.title)));
    const count = new Map<string, number>();
    for (const script of scripts)
      for (const line of new Set(parseDialogue(script).map((l) => l.text))) count.set(line, (count.get(line) ?? 0) + 1);
    expect([...count].filter(([, n]) => n > 1).map(([line]) => line)).toEqual(['また次回お会いしましょう。']);
  });

  it('is deterministic, and the offline provider writes with it', async () => {
    const [f] = FIXTURES;
    const a = await writeDialogue(J, f.text, f.title);
    expect(await writeDialogue(J, f.text, f.title)).toBe(a);
    expect((await writeScript(offlineLlm(), J, { inputText: f.text, title: f.title })).script).toBe(a);
  });

  it('the 銭湯 text: its statistic is asked in its own numbers and answered with the text', async () => {
    const lines = parseDialogue(await writeDialogue(J, FIXTURES[0].text, FIXTURES[0].title)).map((l) => `${l.speaker}：${l.text}`);
    const asked = lines.indexOf('ケンタ：一万八千軒から、二〇二〇年代には二千軒を下回ったんですか？');
    expect(asked).toBeGreaterThan(0);
    expect(lines[asked + 1]).toBe('ハルカ：ええ、二〇二〇年代には二千軒を下回りました。');
    expect(lines).toContain('ケンタ：どうして、二〇二〇年代には二千軒を下回ったんでしょう？');
  });

  it('a long text is condensed to 3 to 5 minutes and still alternates without repeating a line', async () => {
    const text = sampleInput(2000);
    const script = await writeDialogue(J, text, '眠り');
    const g = figuresOf(script, text, tk);
    expect(g.seconds).toBeGreaterThanOrEqual(180);
    expect(g.seconds).toBeLessThanOrEqual(SPEECH_LIMITS.target);
    expect(g.switchRate).toBeGreaterThanOrEqual(0.9);
    expect(g.duplicates).toBe(0);
    expect(g.questions).toBeGreaterThanOrEqual(3);
  });
});
