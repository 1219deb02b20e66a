import { ApiError } from '@web/lib/api';
import { describe, expect, it } from 'vitest';
import { creationFailure } from './failure';

const answer = (status: number, body: object | string) =>
  new ApiError(status, `${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);

describe('creationFailure (creator spec §8; issue 15 gap 5)', () => {
  it("C-5: a 400 shows the server's Japanese message, not the raw answer", () => {
    expect(creationFailure(answer(400, { message: 'テキストを入力してください' }), 'script')).toEqual({
      title: 'テキストを入力してください',
    });
    expect(
      creationFailure(answer(400, { message: '台本が音声プレビューと異なります。もう一度音声プレビューを作成してください' }), 'publish'),
    ).toEqual({
      title: '台本が音声プレビューと異なります。もう一度音声プレビューを作成してください',
    });
    // A 400 without a message (a proxy's page) falls back to the call's error.
    expect(creationFailure(answer(400, '<html>Bad Request</html>'), 'preview')).toEqual({ title: 'エラー' });
  });

  it('C-5-03: a 401 mid-flow says ログインが必要です', () => {
    for (const call of ['script', 'preview', 'publish'] as const)
      expect(creationFailure(answer(401, { message: 'ログインが必要です' }), call)).toEqual({ title: 'ログインが必要です' });
  });

  it('C-8-11, C-8-13, C-8-14, C-8-16: a 429 is told by its reason and the call, whatever its wording', () => {
    const quota = answer(429, { message: 'Resource exhausted', reason: 'ai_service_limit' });
    expect(creationFailure(quota, 'script').title).toBe('AI音声生成サービスの制限');
    expect(creationFailure(quota, 'preview').title).toBe('AI音声生成サービスの制限');
    expect(creationFailure(answer(429, { message: 'x', reason: 'daily_limit' }), 'script').title).toBe('本日の利用上限に達しました');
    expect(creationFailure(answer(429, { message: 'x', reason: 'posting_limit' }), 'preview').title).toBe('投稿制限に達しました');
    expect(creationFailure(answer(429, { message: 'x', reason: 'posting_limit' }), 'publish').title).toBe('投稿制限に達しました');
    // #24.7: the script writer's bounds, per day (with the server's count) and per minute.
    expect(
      creationFailure(
        answer(429, {
          message: '台本の作成・修正は1日30回までです。明日（日本時間の0時以降）またお試しください',
          reason: 'script_daily_limit',
        }),
        'script',
      ),
    ).toEqual({
      title: '本日の利用上限に達しました',
      description: '台本の作成・修正は1日30回までです。明日（日本時間の0時以降）またお試しください',
    });
    expect(creationFailure(answer(429, { message: 'x', reason: 'script_minute_limit' }), 'script')).toEqual({
      title: '台本の作成・修正は1分間に5回までです。少し待ってからもう一度お試しください',
    });
    // The site's request rate limit has no reason: the call's own limit message.
    expect(creationFailure(answer(429, { message: 'リクエストが多すぎます' }), 'script').title).toBe('本日の利用上限に達しました');
    expect(creationFailure(answer(429, { message: 'リクエストが多すぎます' }), 'preview').title).toBe('投稿制限に達しました');
  });

  it('C-8-12, C-8-15, C-8-17: anything else is the call’s error', () => {
    expect(creationFailure(answer(503, { message: '台本生成エラー' }), 'script')).toEqual({ title: '台本生成エラー' });
    expect(creationFailure(answer(500, 'Internal Server Error'), 'preview')).toEqual({ title: 'エラー' });
    expect(creationFailure(new TypeError('Failed to fetch'), 'publish')).toEqual({
      title: '投稿エラー',
      description: '投稿に失敗しました。しばらくしてからもう一度お試しください。',
    });
  });
});
