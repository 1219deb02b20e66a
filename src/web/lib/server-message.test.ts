import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverField, serverMessage } from './server-message';

describe('serverMessage', () => {
  it("reads the answer's message or upload error", () => {
    expect(serverMessage(new ApiError(409, '409: {"message":"このユーザーIDは既に使用されています"}'))).toBe(
      'このユーザーIDは既に使用されています',
    );
    expect(serverMessage(new ApiError(400, '400: {"error":"画像ファイルのみアップロード可能です","message":""}'))).toBe(
      '画像ファイルのみアップロード可能です',
    );
  });
  it('has nothing to say for other failures', () => {
    expect(serverMessage(new ApiError(502, '502: Bad Gateway'))).toBeNull();
    expect(serverMessage(new Error('offline'))).toBeNull();
  });
});

describe('serverField', () => {
  it('reads a stable field of the answer beside its message, or null', () => {
    const limited = new ApiError(429, '429: {"message":"投稿制限に達しました","reason":"posting_limit"}');
    expect(serverField(limited, 'reason')).toBe('posting_limit');
    expect(serverField(limited, 'other')).toBeNull();
    expect(serverField(new ApiError(429, '429: {"message":"x","reason":3}'), 'reason')).toBeNull();
    expect(serverField(new ApiError(502, '502: Bad Gateway'), 'reason')).toBeNull();
    expect(serverField(new ApiError(500, '500: null'), 'reason')).toBeNull();
    expect(serverField(new Error('offline'), 'reason')).toBeNull();
  });
});
