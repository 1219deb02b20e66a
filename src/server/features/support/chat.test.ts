import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_API_MESSAGES } from '../../../shared/messages/support';
import { SUPPORT_MESSAGES } from '../../../shared/rules/support';
import { createTestApp, type TestApp } from '../../test/app';

// Issue 19, creator-operator spec §2.5, §7: POST /api/ai-chat {message, context: customer_support} ->
// {response}, answered offline from the FAQ and the legal texts (the providers' own tests are in
// features/support/prompt.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chat = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/ai-chat', payload: payload as object });
const answer = async (message: string) => {
  const res = await chat({ message, context: 'customer_support' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { response: string }).response;
};

describe('POST /api/ai-chat', () => {
  it('C-7.3-01 C-6-01: a visitor asks こんにちは and gets a JSON answer with response', async () => {
    const res = await chat({ message: 'こんにちは', context: 'customer_support' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ response: SUPPORT_API_MESSAGES.greetingReply });
  });

  it('C-2.7-02 answers each FAQ topic from its entry', async () => {
    expect(await answer('料金はいくらですか？')).toContain('プレミアムの料金は**月額550円（税込）**です。');
    expect(await answer('値段は？')).toContain('月額550円（税込）');
    const cancel = await answer('解約したいです');
    expect(cancel).toContain('解約・一時停止のページ（/cancel）');
    expect(cancel).toContain('更新日の前日まではプレミアム機能をご利用いただけます');
    expect(await answer('キャンセル方法を教えて')).toContain('（/cancel）');
    expect(await answer('プレミアムの特典は？')).toContain('・広告なしで再生できます');
    expect(await answer('無限ってどんなサービス？')).toContain('ラジオのように次々と流し続ける日本語の音声アプリです');
    expect(await answer('なぜGoogleログインなの？')).toContain('Googleの2段階認証');
    expect(await answer('オフラインで聴けますか')).toContain('「オフライン保存」');
    expect(await answer('音が出ません')).toContain('お問い合わせフォーム（/contact）');
    expect(await answer('対応ブラウザは？')).toContain('最新版のChrome、Safari、Firefox、Edgeに対応しています。');
  });

  it('answers from the legal pages, naming the page', async () => {
    const refund = await answer('返金はできますか');
    expect(refund).toContain('お支払い後の返品・返金はお受けしておりません');
    expect(refund).toContain('（/commercial-law）');
  });

  it('says it found nothing, pointing to the contact form, for a question the texts do not answer', async () => {
    expect(await answer('明日の天気を教えて')).toBe(SUPPORT_API_MESSAGES.noMatch);
  });

  it('C-5-11 refuses an empty or blank message, an overlong one and another context, in Japanese', async () => {
    for (const message of ['', '   ', '\n']) {
      const res = await chat({ message, context: 'customer_support' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SUPPORT_MESSAGES.chatRequired });
    }
    expect((await chat({ context: 'customer_support' })).json()).toEqual({ message: SUPPORT_MESSAGES.chatRequired });
    const long = await chat({ message: 'あ'.repeat(501), context: 'customer_support' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'メッセージは500文字以内で入力してください' });
    expect((await chat({ message: 'あ'.repeat(500), context: 'customer_support' })).statusCode).toBe(200);
    for (const context of ['admin', undefined]) {
      const res = await chat({ message: '料金は？', context });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^入力内容が正しくありません/);
    }
  });

  it('never echoes markup from the question: the answer is the texts’ own', async () => {
    const res = await answer('<b>料金</b>はいくらですか<script>');
    expect(res).not.toContain('<');
    expect(res).toContain('月額550円');
  });
});
