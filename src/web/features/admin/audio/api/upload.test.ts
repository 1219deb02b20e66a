import { ApiError } from '@web/lib/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadAudio } from './upload';

/** An XMLHttpRequest that answers at send with the status and text given. */
function answerWith(status: number, responseText: string) {
  class FakeXhr {
    status = status;
    statusText = 'Bad Request';
    responseText = responseText;
    withCredentials = false;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
afterEach(() => {
  vi.unstubAllGlobals();
});

const upload = () => uploadAudio({ title: '朝の話', file: new File(['x'], 'a.mp3'), onProgress: () => {} });

// #38.4: the upload's answer is read through AdminUploadAnswerSchema; another answer is an ApiError, never a cast.
describe('#38.4 the upload answer', () => {
  it('#38.4 a success answer of the schema resolves with it', async () => {
    const answer = { id: 3, title: '朝の話', duration: 61.5, size: 2048, message: 'アップロードしました' };
    answerWith(201, JSON.stringify(answer));
    await expect(upload()).resolves.toEqual(answer);
  });

  it('#38.4 a success answer that is not JSON or not the schema rejects as the failed call it is', async () => {
    for (const text of ['<html>ok</html>', '{"id":"3"}', 'null']) {
      answerWith(200, text);
      const error = await upload().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(`200: ${text}`);
    }
  });
});
