import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverMessage } from './server-message';

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
