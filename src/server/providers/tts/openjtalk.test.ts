import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { WALK_DIALOGUE } from '../../test/generation-kit';
import { speakDialogue, trimSilence } from '../audio/dialogue';
import { integratedLoudness } from '../audio/lufs';
import { pitchSpread } from '../audio/pitch';
import { renderDialogueToMp3 } from '../audio/render';
import { offlineTts, offlineVoice } from './index';
import { findOpenJtalk, OPEN_JTALK_CREDIT, OPEN_JTALK_SAMPLE_RATE, openJtalkProvider, readingFromTrace } from './openjtalk';

// Issue 37.1: Open JTalk is the default offline voice. `npm test` installs it first
// (scripts/ensure-open-jtalk.mjs, as CI's run does); only a machine where that could not run skips these.
const found = openJtalkProvider();
const tts = 'tts' in found ? found.tts : undefined;
const skipped = 'missing' in found ? ` (skipped: ${found.missing}; node scripts/ensure-open-jtalk.mjs installs it)` : '';

// This process's own folders only: a server speaking beside the tests (the journeys' demo) has its own.
const tempDirs = () => fs.readdirSync(os.tmpdir()).filter((e) => e.startsWith(`mugen-open-jtalk-${process.pid}-`)).length;
const seconds = (pcm: { samples: Int16Array; sampleRate: number }) => pcm.samples.length / pcm.sampleRate;

describe('#37.1 the reading open_jtalk spoke', () => {
  it('#37.1 is each word’s pronunciation from the trace, accent marks dropped, punctuation kept', () => {
    const trace = [
      '[Text analysis result]',
      '今日,名詞,副詞可能,*,*,*,*,今日,キョウ,キョー,1/2,C3,-1',
      'は,助詞,係助詞,*,*,*,*,は,ハ,ワ,0/1,名詞%F1/動詞%F2@0/形容詞%F2@0,1',
      'まし,助動詞,*,*,*,特殊・マス,連用形,ます,マシ,マシ’,1/2,動詞%F4@1/助詞%F2@1,1',
      '、,記号,読点,*,*,*,*,、,、,、,0/0,*,0',
      '「,記号,括弧開,*,*,*,*,「,「,「,*/*,*,0',
      '。,記号,句点,*,*,*,*,。,、,、,0/0,*,0',
      '',
      '[Output label]',
      '0 50000 xx^xx-sil+k=y',
    ].join('\n');
    expect(readingFromTrace(trace)).toBe('キョーワマシ、。');
    expect(readingFromTrace('no analysis')).toBe('');
  });
});

describe.skipIf(!tts)(`#37.1 Open JTalk, the default offline voice${skipped}`, { timeout: 120_000 }, () => {
  const voice = tts as NonNullable<typeof tts>;
  const before = tempDirs();
  afterAll(() => {
    // Every process's folder under the system's temporary folder is gone.
    expect(tempDirs()).toBe(before);
  });

  it('#37.1 is the offline voice where installed, and /health and the start-up line say so', () => {
    expect(offlineTts().name).toBe('open-jtalk');
    expect(offlineVoice()).toEqual({ name: 'open-jtalk', why: null });
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(findOpenJtalk()).toEqual({ missing: 'no open_jtalk on PATH' });
      expect(offlineVoice()).toEqual({ name: 'espeak', why: 'Open JTalk is not installed (no open_jtalk on PATH)' });
    } finally {
      process.env.PATH = path;
    }
  });

  it('#37.1 speaks the two hosts apart (ケンタ near 120 Hz, ハルカ near 200 Hz) with intonation, at -16 LUFS', async () => {
    const { pcm, lines } = await speakDialogue(WALK_DIALOGUE, { tts: voice });
    expect(pcm.sampleRate).toBe(OPEN_JTALK_SAMPLE_RATE);
    expect(lines.map((l) => l.speaker)).toEqual(['ハルカ', 'ケンタ', 'ハルカ', 'ケンタ', 'ハルカ', 'ケンタ']);
    const spoken = (speaker: string) => {
      const parts = lines
        .filter((l) => l.speaker === speaker)
        .map((l) => pcm.samples.subarray(Math.round((l.startMs / 1000) * pcm.sampleRate), Math.round((l.endMs / 1000) * pcm.sampleRate)));
      const all = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        all.set(p, at);
        at += p.length;
      }
      return pitchSpread(all, pcm.sampleRate);
    };
    const kenta = spoken('ケンタ');
    const haruka = spoken('ハルカ');
    expect(kenta.median).toBeGreaterThan(105);
    expect(kenta.median).toBeLessThan(140);
    expect(haruka.median).toBeGreaterThan(180);
    expect(haruka.median).toBeLessThan(225);
    // A voice's pitch moves with the accent of each phrase: eSpeak's Japanese stays near 1.1.
    expect(kenta.ratio90to10).toBeGreaterThan(1.4);
    expect(haruka.ratio90to10).toBeGreaterThan(1.4);
    expect(Math.abs(integratedLoudness(pcm) + 16)).toBeLessThan(0.5);
  });

  it('#37.1 honours the member’s speaking rate (0.5 to 2.0): the duration scales with it', async () => {
    const text = '今日は三軒の店で五本のペンを買いました。';
    const [slow, normal, fast] = await Promise.all(
      [0.5, 1, 2].map((speakingRate) => voice.synthesize({ text, speakingRate, host: 'ケンタ' })),
    );
    expect(seconds(slow) / seconds(normal)).toBeGreaterThan(1.7);
    expect(seconds(slow) / seconds(normal)).toBeLessThan(2.3);
    expect(seconds(fast) / seconds(normal)).toBeGreaterThan(0.42);
    expect(seconds(fast) / seconds(normal)).toBeLessThan(0.6);
  });

  it('#37.1 answers the reading it spoke, and speaks the reading dictionary’s words as written there', async () => {
    const spoken = await voice.synthesize({ text: '今日は三軒の店で五本のペンを買いました。', host: 'ハルカ' });
    expect(spoken.reading).toBe('キョーワサンゲンノミセデゴホンノペンヲカイマシタ。');
    const plain = await voice.synthesize({ text: '生田さんです。', host: 'ケンタ' });
    expect(plain.reading).toBe('イクタサンデス。');
    const withDictionary = await voice.synthesize({
      text: '生田さんです。',
      host: 'ケンタ',
      readings: [{ surface: '生田', reading: 'イケダ' }],
    });
    expect(withDictionary.reading).toBe('イケダサンデス。');
  });

  it('#37.1 a long breath group is spoken at a natural pace: no slower a mora than a short sentence', async () => {
    // Morae in a reading: each katakana, ッ and ー, but for the small kana that join the one before.
    const morae = (reading: string) => reading.replace(/[^\u30A1-\u30FC]|[ァィゥェォャュョヮ]/g, '').length;
    const perMora = (s: { samples: Int16Array; sampleRate: number; reading: string }) =>
      trimSilence(s.samples, s.sampleRate).length / s.sampleRate / morae(s.reading);
    const [short, long, question] = await Promise.all(
      [
        '今日は三軒の店で五本のペンを買いました。',
        // One breath group of 13 accent phrases and 55 morae as written: the voice drew it out to 29.5 s.
        '今日は朝から晴れていたので近所の公園をゆっくり散歩してから駅前の喫茶店でコーヒーを飲みました。',
        // Nine accent phrases: 17.3 s.
        '覚えやすい単語をいくつかつなげた長いもののほうが破られにくくなるんですか？',
      ].map((text) => voice.synthesize({ text, host: 'ケンタ' })),
    );
    expect(morae(short.reading)).toBe(23);
    expect(morae(long.reading)).toBe(55);
    expect(morae(question.reading)).toBe(40);
    // The reading is the words spoken: the pauses put in are not in it.
    expect(long.reading).toBe(
      'キョーワアサカラハレテイタノデキンジョノコーエンヲユックリサンポシテカラエキマエノキッサテンデコーヒーヲノミマシタ。',
    );
    expect(question.reading).toBe('オボエヤスイタンゴヲイクツカツナゲタナガイモノノホーガヤブラレニククナルンデスカ？');
    expect(perMora(long) / perMora(short)).toBeGreaterThan(0.75);
    expect(perMora(long) / perMora(short)).toBeLessThan(1.25);
    expect(perMora(question) / perMora(short)).toBeGreaterThan(0.75);
    expect(perMora(question) / perMora(short)).toBeLessThan(1.25);
  });

  it('#37.1 speaks a line longer than open_jtalk’s 1,024-byte input in pieces of whole sentences, all of it', async () => {
    const sentence = 'ラジオの時間です。';
    const long = await voice.synthesize({ text: sentence.repeat(40), host: 'ハルカ' });
    expect(Buffer.byteLength(sentence.repeat(40))).toBe(1080);
    expect(long.reading).toBe('ラジオノジカンデス。'.repeat(40));
    // Four times the length of ten of its sentences spoken in one piece: nothing lost or repeated.
    const ten = await voice.synthesize({ text: sentence.repeat(10), host: 'ハルカ' });
    expect(seconds(long) / seconds(ten)).toBeGreaterThan(3.7);
    expect(seconds(long) / seconds(ten)).toBeLessThan(4.3);
  });

  it('#37.1 the rendered track carries the voice’s credit, as CC BY 3.0 asks', async () => {
    const rendered = await renderDialogueToMp3('ハルカ：こんにちは。\nケンタ：こんにちは。');
    expect(rendered.voicedBy).toBe('open-jtalk');
    expect(rendered.voiceCredit).toBe(OPEN_JTALK_CREDIT);
    expect(OPEN_JTALK_CREDIT).toBe('Open JTalk（HTS Voice "NIT ATR503 M001"、名古屋工業大学、CC BY 3.0）');
  });
});
