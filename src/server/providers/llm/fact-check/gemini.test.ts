import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { detectedClaims } from '../../../features/creation/fact-check/model';
import { testJapanese } from '../../../test/japanese';
import { groundedClaims } from './gemini';

const J = testJapanese();

// A grounded fact check shaped as Gemini answers it (generateContent with the googleSearch tool, as in
// Google's "Grounding with Google Search" reference): the JSON answer in a code fence, groundingChunks
// whose links are vertexaisearch.cloud.google.com/grounding-api-redirect/… with the domain as the title,
// groundingSupports whose segments are UTF-8 byte offsets into the part (partIndex left out for part 0),
// and the Search Suggestions as searchEntryPoint.renderedContent.
const SCRIPT = [
  'ハルカ：こんにちは、ハルカです。',
  'ケンタ：ケンタです。今日のテーマは「銭湯」です。',
  'ハルカ：厚生労働省の統計によると、銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています。',
  'ケンタ：今では二千軒を下回っています。',
  'ハルカ：自宅に風呂があるのが当たり前になったことが一番の理由です。',
  'ケンタ：日本で最初の銭湯は、奈良時代の寺の施浴だといわれます。',
].join('\n');

const ANSWER = {
  status: 'issues_found',
  confidence: 72,
  summary: '銭湯の軒数は公的な統計と一致します。今では二千軒を下回っています。最初の銭湯については諸説あります。',
  issues: ['「日本で最初の銭湯」は諸説あり断定できません'],
  claims: [
    { text: '銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています', line: 2, status: 'verified' },
    // The model counted the line wrong: the text is said on line 5.
    { text: '日本で最初の銭湯は、奈良時代の寺の施浴だといわれます', line: 3, status: 'disputed' },
    // Said nowhere in the script: dropped.
    { text: '東京には銭湯が千軒ある', line: 1, status: 'verified' },
    { text: '', line: 0, status: 'verified' },
  ],
};
const TEXT = `\`\`\`json\n${JSON.stringify(ANSWER, null, 2)}\n\`\`\``;
const REDIRECT = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQH';
const RENDERED =
  '<style>.container{align-items:center;border-radius:8px;display:flex}.chip{display:inline-block;border:solid 1px;border-radius:16px}</style><div class="container"><div class="headline"><svg class="logo-light" width="18" height="18" viewBox="9 9 35 35"></svg></div><div class="carousel"><a class="chip" href="https://www.google.com/search?q=%E9%8A%AD%E6%B9%AF+%E8%BB%92%E6%95%B0+%E6%8E%A8%E7%A7%BB&client=app-vertex-grounding">銭湯 軒数 推移</a></div></div>';

/** The segment of `needle` in TEXT, as Gemini gives it: UTF-8 byte offsets and the text. */
function segment(needle: string, from = 0) {
  const at = TEXT.indexOf(needle, from);
  if (at < 0) throw new Error(`not in the answer: ${needle}`);
  return {
    startIndex: Buffer.byteLength(TEXT.slice(0, at), 'utf8'),
    endIndex: Buffer.byteLength(TEXT.slice(0, at + needle.length), 'utf8'),
    text: needle,
  };
}

const RESPONSE = {
  candidates: [
    {
      content: { role: 'model', parts: [{ text: TEXT }] },
      finishReason: 'STOP',
      index: 0,
      groundingMetadata: {
        webSearchQueries: ['銭湯 軒数 推移', '日本 最初の銭湯'],
        searchEntryPoint: { renderedContent: RENDERED },
        groundingChunks: [
          { web: { uri: `${REDIRECT}0aaa`, title: 'mhlw.go.jp' } },
          { web: { uri: `${REDIRECT}1bbb`, title: 'www.e-stat.go.jp' } },
          { web: { uri: `${REDIRECT}2ccc`, title: 'wikipedia.org' } },
        ],
        groundingSupports: [
          // Inside the first claim's text: its sources.
          { segment: segment('約一万八千軒をピークに'), groundingChunkIndices: [0, 1], confidenceScores: [0.93, 0.81] },
          // In the summary, outside every claim, but said on line 3: a claim there.
          { segment: segment('今では二千軒を下回っています'), groundingChunkIndices: [1], confidenceScores: [0.88] },
          // Inside the second (disputed) claim, whose line the model got wrong.
          { segment: segment('奈良時代の寺の施浴'), groundingChunkIndices: [2], confidenceScores: [0.6] },
          // Cites nothing: ignored.
          { segment: segment('諸説あります'), groundingChunkIndices: [] },
        ],
      },
    },
  ],
} as unknown as GenerateContentResponse;

describe('#25.2 Gemini grounding mapped onto script lines', () => {
  it('#25.2 places grounding supports (byte offsets into the answer) on the claims and lines, titles the sources by domain and keeps the links', async () => {
    const { claims, sources, searchEntryPoint } = groundedClaims(SCRIPT, RESPONSE, ANSWER, await detectedClaims(J, SCRIPT));
    expect(claims).toEqual([
      {
        text: '銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています',
        line: 2,
        status: 'verified',
        sources: [
          { title: 'mhlw.go.jp', url: `${REDIRECT}0aaa` },
          { title: 'www.e-stat.go.jp', url: `${REDIRECT}1bbb` },
        ],
      },
      {
        text: '今では二千軒を下回っています',
        line: 3,
        status: 'verified',
        sources: [{ title: 'www.e-stat.go.jp', url: `${REDIRECT}1bbb` }],
      },
      {
        text: '日本で最初の銭湯は、奈良時代の寺の施浴だといわれます',
        line: 5,
        status: 'disputed',
        sources: [{ title: 'wikipedia.org', url: `${REDIRECT}2ccc` }],
      },
    ]);
    expect(sources).toEqual([
      { uri: `${REDIRECT}0aaa`, title: 'mhlw.go.jp' },
      { uri: `${REDIRECT}1bbb`, title: 'www.e-stat.go.jp' },
      { uri: `${REDIRECT}2ccc`, title: 'wikipedia.org' },
    ]);
    expect(searchEntryPoint).toBe(RENDERED);
  });

  it('#25.2 a claim the model calls verified with no grounding behind it needs a source; a checkable line the model left unmarked is marked', async () => {
    const bare = { candidates: [{ content: { role: 'model', parts: [{ text: '{}' }] } }] } as unknown as GenerateContentResponse;
    const { claims, sources, searchEntryPoint } = groundedClaims(
      SCRIPT,
      bare,
      { claims: [{ text: '銭湯は一九六八年ごろの約一万八千軒をピークに減り続けています', line: 2, status: 'verified' }] },
      await detectedClaims(J, SCRIPT),
    );
    expect(claims.map((c) => [c.line, c.status, c.sources.length])).toEqual([
      [2, 'needs_source', 0],
      [3, 'needs_source', 0],
      [5, 'needs_source', 0],
    ]);
    expect(sources).toBeUndefined();
    expect(searchEntryPoint).toBeUndefined();
  });

  it('#25.2 a segment in a later part is read at that part (partIndex), and a chunk that is not a web page gives no source', async () => {
    const first = 'ここまでが前半です。';
    const res = {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: first }, { text: '今では二千軒を下回っています。' }] },
          groundingMetadata: {
            groundingChunks: [
              { retrievedContext: { uri: 'gs://bucket/doc' } },
              { web: { uri: 'https://www.example.jp/page', title: 'Example page title' } },
            ],
            groundingSupports: [
              { segment: { partIndex: 1, startIndex: 0, endIndex: Buffer.byteLength('今では二千軒') }, groundingChunkIndices: [0, 1] },
            ],
          },
        },
      ],
    } as unknown as GenerateContentResponse;
    const { claims } = groundedClaims(SCRIPT, res, {}, await detectedClaims(J, SCRIPT));
    expect(claims.find((c) => c.line === 3)).toEqual({
      text: '今では二千軒',
      line: 3,
      status: 'verified',
      sources: [{ title: 'example.jp', url: 'https://www.example.jp/page' }],
    });
  });
});
